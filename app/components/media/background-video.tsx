import { useCallback, useEffect, useRef, useState, type RefObject } from "react";
import { ageVerifiedAttribute } from "~/lib/head-scripts";
import { useI18n } from "~/lib/i18n/context";
import { heroVideoFiles } from "./hero-video-files";

/** Video files in the order the browser should try them. */
interface VideoFiles {
  webm: string;
  mp4: string;
}

/** Calls `run` once the page has loaded and the age gate (if any) has been answered. */
function whenPageReady(run: () => void): () => void {
  let observer: MutationObserver | undefined;
  const afterGate = () => {
    const gate = document.getElementById("age-gate");
    const html = document.documentElement;
    if (!(gate instanceof HTMLDialogElement) || !gate.open || html.hasAttribute(ageVerifiedAttribute)) return run();
    // The gate sets this attribute on <html> when the visitor confirms their age.
    observer = new MutationObserver(() => {
      if (!html.hasAttribute(ageVerifiedAttribute)) return;
      observer?.disconnect();
      run();
    });
    observer.observe(html, { attributes: true, attributeFilter: [ageVerifiedAttribute] });
  };
  if (document.readyState === "complete") afterGate();
  else window.addEventListener("load", afterGate, { once: true });
  return () => {
    window.removeEventListener("load", afterGate);
    observer?.disconnect();
  };
}

/**
 * A decorative looping video over a poster picture (the `<img>` inside `container`). It starts
 * only after the page has loaded and the age gate is answered, pauses while scrolled out of view,
 * and obeys its visible pause/play button; until it plays, the poster underneath is all there is.
 * Render it only when `motionAndDataAllowed()` (./motion): never with reduced motion or Save-Data.
 */
function BackgroundVideo({ files, container }: { files: VideoFiles; container: RefObject<HTMLElement | null> }) {
  const { t } = useI18n();
  const [enabled, setEnabled] = useState(false);
  const [poster, setPoster] = useState<string>();
  const [visible, setVisible] = useState(false);
  const [paused, setPaused] = useState(true);
  const videoRef = useRef<HTMLVideoElement | null>(null);
  const pausedByVisitor = useRef(false);

  useEffect(() => {
    return whenPageReady(() => {
      // The file the poster picture already chose: nothing is fetched twice.
      setPoster(container.current?.querySelector("img")?.currentSrc || undefined);
      setEnabled(true);
    });
  }, [container]);

  useEffect(() => {
    const video = videoRef.current;
    if (!enabled || !video) return;
    // React sets `muted` as a property only; some browsers autoplay only with the attribute.
    video.defaultMuted = true;
    video.muted = true;
    video.setAttribute("muted", "");
    const play = () => {
      video.play().catch(() => setPaused(true));
    };
    play();
    const section = container.current;
    if (!section || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver(([entry]) => {
      if (!entry || pausedByVisitor.current) return;
      if (entry.isIntersecting) play();
      else video.pause();
    });
    observer.observe(section);
    return () => observer.disconnect();
  }, [enabled, container]);

  const toggle = useCallback(() => {
    const video = videoRef.current;
    if (!video) return;
    if (video.paused) {
      pausedByVisitor.current = false;
      video.play().catch(() => setPaused(true));
    } else {
      pausedByVisitor.current = true;
      video.pause();
    }
  }, []);

  if (!enabled) return null;
  // The label says what a press will do.
  const label = paused ? t("media.heroVideo.play") : t("media.heroVideo.pause");
  return (
    <>
      <video
        ref={videoRef}
        className={`absolute inset-0 -z-10 h-full w-full object-cover transition-opacity duration-1000 ${visible ? "opacity-100" : "opacity-0"}`}
        autoPlay
        muted
        loop
        playsInline
        preload="none"
        poster={poster}
        aria-hidden="true"
        tabIndex={-1}
        disablePictureInPicture
        onPlaying={() => {
          setVisible(true);
          setPaused(false);
        }}
        onPause={() => setPaused(true)}
      >
        <source src={files.webm} type="video/webm" />
        <source src={files.mp4} type="video/mp4" />
      </video>
      <button
        type="button"
        onClick={toggle}
        aria-label={label}
        title={label}
        data-video-toggle=""
        className="absolute right-4 bottom-4 inline-flex size-11 items-center justify-center rounded-full border border-cream-50/70 bg-wine-950/60 text-cream-50 transition-colors hover:bg-wine-950/85"
      >
        <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5 fill-current">
          {paused ? <path d="M8 5v14l11-7z" /> : <path d="M7 5h3.5v14H7zm6.5 0H17v14h-3.5z" />}
        </svg>
      </button>
    </>
  );
}

/** The home page's video of the estate (public/media/, made by generators/make-hero-video.ts). */
export function HeroVideo({ container }: { container: RefObject<HTMLElement | null> }) {
  return <BackgroundVideo files={heroVideoFiles} container={container} />;
}
