// Written by generators/make-hero-video.ts: the hero video's files in public/media/ (hashed names, cached for a year).
export const heroVideoFiles = {
  webm: "/media/hero-estate-dbe5bc569a.webm",
  mp4: "/media/hero-estate-c2d06c93d5.mp4",
} as const;
