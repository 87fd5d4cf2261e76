import { waitMessage, type ViewContext } from "./view-context";
import { FieldProblem } from "./field-problem";
import { CsrfField, Layout, Notice } from "./layout";

/**
 * What went wrong with a code: not right (or already used), too many tries in a row, or refused
 * by the form before any check (`field`: the message at the field, and what was typed, kept).
 */
export type CodeProblem = { kind: "failed" } | { kind: "wait"; seconds: number } | { kind: "field"; message: string; typed: string } | null;

function CodeProblemNotice({ view, problem, failed }: { view: ViewContext; problem: CodeProblem; failed: string }) {
  if (problem?.kind === "failed") return <Notice tone="problem">{failed}</Notice>;
  if (problem?.kind === "wait") return <Notice tone="problem">{waitMessage(view, problem.seconds)}</Notice>;
  if (problem?.kind === "field") return <Notice tone="problem">{problem.message}</Notice>;
  return null;
}

/**
 * The code field: six digits from the app, or a recovery code (letters too), never autocorrected.
 * A code the form refused is shown again as typed, its message tied to the field.
 */
function CodeField({ view, label, digitsOnly, problem }: { view: ViewContext; label: string; digitsOnly: boolean; problem: CodeProblem }) {
  const refused = problem?.kind === "field" ? problem : null;
  return (
    <label>
      {label}
      <input
        type="text"
        name="code"
        required
        maxLength={40}
        autoComplete="one-time-code"
        inputMode={digitsOnly ? "numeric" : undefined}
        autoCapitalize="none"
        spellCheck={false}
        defaultValue={refused?.typed ?? ""}
        aria-invalid={refused ? true : undefined}
        aria-describedby={refused ? "problem-code code-help" : "code-help"}
      />
      <FieldProblem name="code" problems={refused ? { code: refused.message } : {}} />
      <span id="code-help" className="help">
        {view.t(digitsOnly ? "enrol.codeHelp" : "secondFactor.codeHelp")}
      </span>
    </label>
  );
}

/** The second step of a sign-in: the code from the phone, or a recovery code. No session exists yet. */
export function SecondFactorPage({ view, problem }: { view: ViewContext; problem: CodeProblem }) {
  return (
    <Layout view={view} title={view.t("secondFactor.title")}>
      <CodeProblemNotice view={view} problem={problem} failed={view.t("secondFactor.failed")} />
      <p>{view.t("secondFactor.intro")}</p>
      <form method="post" action="/admin/login/second-factor" className="sign-in">
        <CsrfField view={view} />
        <CodeField view={view} label={view.t("secondFactor.code")} digitsOnly={false} problem={problem} />
        <button type="submit">{view.t("secondFactor.submit")}</button>
      </form>
      <p>
        <a href="/admin/login">{view.t("secondFactor.startAgain")}</a>
      </p>
    </Layout>
  );
}

export interface EnrolProps {
  view: ViewContext;
  /** Where the form posts and the QR code's address (the sign-in's or the account page's). */
  action: string;
  qrSrc: string;
  /** The secret, for an app typed into by hand. */
  secret: string;
  /** At sign-in, the role asks for it; from the account page, the staff member chose it. */
  required: boolean;
  problem: CodeProblem;
}

/** Setting up the second factor: scan the QR code (or type the key), then type the code the app shows. */
export function EnrolPage({ view, action, qrSrc, secret, required, problem }: EnrolProps) {
  return (
    <Layout view={view} title={view.t("enrol.title")}>
      <CodeProblemNotice view={view} problem={problem} failed={view.t("enrol.failed")} />
      <p>{view.t(required ? "enrol.required" : "enrol.intro")}</p>
      <ol className="steps">
        <li>{view.t("enrol.step1")}</li>
        <li>
          {view.t("enrol.step2")}
          <img className="qr-code" src={qrSrc} alt={view.t("enrol.qrAlt")} width={232} height={232} />
          <span className="secret-key">
            {view.t("enrol.key")} <code>{secret}</code>
          </span>
        </li>
        <li>
          {view.t("enrol.step3")}
          <form method="post" action={action} className="sign-in">
            <CsrfField view={view} />
            <CodeField view={view} label={view.t("secondFactor.code")} digitsOnly problem={problem} />
            <button type="submit">{view.t("enrol.submit")}</button>
          </form>
        </li>
      </ol>
    </Layout>
  );
}

/** The ten recovery codes, shown once, in the answer that confirmed the second factor. */
export function RecoveryCodesPage({ view, codes, next }: { view: ViewContext; codes: readonly string[]; next: string }) {
  return (
    <Layout view={view} title={view.t("recovery.title")}>
      <Notice tone="done">{view.t("recovery.done")}</Notice>
      <p>{view.t("recovery.intro")}</p>
      <ol className="recovery-codes">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <p>
        <a href={next}>{view.t("recovery.continue")}</a>
      </p>
    </Layout>
  );
}
