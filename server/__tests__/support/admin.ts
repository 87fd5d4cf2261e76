import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import type { ServerOptions } from "../../app";
import { generate } from "otplib";
import { parse } from "parse5";
import { expect } from "vitest";
import { hashPassword } from "../../admin/shared/passwords";
import { newTotpSecret } from "../../admin/shared/second-factor";
import { StaffStore, type StaffRole } from "../../db/staff";
import { buildTestServer } from "./fixtures";
import { attribute, elements as walk, textOf, type Element } from "./html";

/** The public origin the admin tests run under: HTTPS, so cookies are `__Host-` and `Secure`. */
export const siteUrl = "https://www.hermitage-lescours.example";
export const siteOrigin = new URL(siteUrl).origin;

/** Each test server's clock (its `now` option, else the real time): the phone's codes are made for it. */
const clocks = new WeakMap<FastifyInstance, () => Date>();

/** The real server with the inbox, on a fixture build and a fresh data folder. */
export async function adminTestServer(env: Record<string, string> = {}, options: ServerOptions = {}): Promise<FastifyInstance> {
  const app = await buildTestServer({ RATE_LIMIT_MAX: "0", SITE_URL: siteUrl, MAIL_RETRY_BASE_MS: "100", MAIL_RETRY_MAX_MS: "200", ...env }, options);
  clocks.set(app, options.now ?? (() => new Date()));
  return app;
}

/**
 * Creates a staff account as `npm run staff -- add` does (an `inbox` one unless told). An `inbox`
 * account gets its second factor as if it had enrolled already (a TOTP secret, no recovery codes),
 * so that `StaffClient.signIn` answers the code step as its phone would; `secondFactor: false`
 * leaves it to enrol at its first sign-in, as an `admin` account made here always does (tests
 * enrol those: `signedInAdmin`).
 */
export async function addStaff(
  app: FastifyInstance,
  email: string,
  password: string,
  role: StaffRole = "inbox",
  { secondFactor = role === "inbox" }: { secondFactor?: boolean } = {},
): Promise<void> {
  const store = new StaffStore(app.db);
  store.add(email, await hashPassword(password), role, new Date());
  if (!secondFactor) return;
  const { id } = store.find(email)!;
  const secret = newTotpSecret();
  store.setPendingSecret(id, secret);
  store.confirmSecondFactor(id, secret, 0, []);
}

/**
 * A test server with one `inbox` account signed in: the server (added to `apps`, which the test
 * closes) and the staff member's client. Fails the test if the sign-in does not succeed.
 */
export async function signedInStaff(apps: Set<FastifyInstance>, email: string, password: string): Promise<{ app: FastifyInstance; client: StaffClient }> {
  const app = await adminTestServer();
  apps.add(app);
  await addStaff(app, email, password);
  const client = new StaffClient(app);
  const answer = await client.signIn(email, password);
  if (answer.statusCode !== 303) throw new Error(`signing in answered ${answer.statusCode}`);
  return { app, client };
}

/**
 * Creates an `admin` account and signs it in from 10.3.0.1, enrolling the second factor as an
 * admin's first sign-in asks, with a code for `clock` (the server's time, in ms).
 */
export async function signedInAdmin(app: FastifyInstance, who: { email: string; password: string }, clock: number): Promise<StaffClient> {
  await addStaff(app, who.email, who.password, "admin");
  const staff = new StaffClient(app, "10.3.0.1");
  await staff.get("/admin/login");
  await staff.post("/admin/login", who);
  await staff.get("/admin/login/enrol");
  const secret = new StaffStore(app.db).find(who.email)!.totp_pending_secret!;
  const done = await staff.post("/admin/login/enrol", { code: await generate({ secret, epoch: Math.floor(clock / 1000) }) });
  expect(done.statusCode).toBe(200);
  return staff;
}

/** Every element of a parsed page (or of an element), depth first, as an array. */
export const elements = (node: Parameters<typeof walk>[0]): Element[] => [...walk(node)];

/** A parsed HTML page, parsed as a browser would (parse5 follows the HTML standard). */
export const parseHtml = (html: string) => parse(html);

export { attribute, textOf };

/**
 * A browser of one staff member, on `app.inject`: it keeps its cookies and sends the site's
 * Origin with every POST, as a real browser on the inbox's pages does.
 */
export class StaffClient {
  readonly cookies = new Map<string, string>();
  /** The CSRF token of the last page that had forms. */
  csrf = "";

  constructor(
    private readonly app: FastifyInstance,
    readonly address = "127.0.0.1",
  ) {}

  private remember(response: LightMyRequestResponse): LightMyRequestResponse {
    for (const cookie of response.cookies as { name: string; value: string; maxAge?: number; expires?: Date }[]) {
      const expired = cookie.maxAge === 0 || (cookie.expires && cookie.expires.getTime() <= Date.now()) || cookie.value === "";
      if (expired) this.cookies.delete(cookie.name);
      else this.cookies.set(cookie.name, cookie.value);
    }
    const token = /name="_csrf" value="([^"]+)"/.exec(response.body);
    if (token) this.csrf = token[1]!;
    return response;
  }

  get cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }

  async get(url: string, headers: Record<string, string> = {}): Promise<LightMyRequestResponse> {
    return this.remember(await this.app.inject({ method: "GET", url, remoteAddress: this.address, headers: { cookie: this.cookieHeader, ...headers } }));
  }

  /** POSTs a form as the page would: its fields, this session's CSRF token unless given, the site's Origin. */
  async post(url: string, fields: Record<string, string>, headers: Record<string, string | undefined> = {}): Promise<LightMyRequestResponse> {
    const body = new URLSearchParams({ _csrf: this.csrf, ...fields }).toString();
    return this.remember(
      await this.app.inject({
        method: "POST",
        url,
        remoteAddress: this.address,
        payload: body,
        // A header given as undefined is left out (a browser that sends no Origin).
        headers: Object.fromEntries(
          Object.entries({ "content-type": "application/x-www-form-urlencoded", origin: siteOrigin, cookie: this.cookieHeader, ...headers }).filter(
            ([, value]) => value !== undefined,
          ),
        ) as Record<string, string>,
      }),
    );
  }

  /** POSTs a form as `multipart/form-data`, as a browser sends a form with a file chosen: its fields, this session's CSRF token, the files. */
  async postMultipart(url: string, fields: Record<string, string>, files: Record<string, { name: string; type: string; bytes: Buffer }>) {
    const form = new FormData();
    form.set("_csrf", this.csrf);
    for (const [name, value] of Object.entries(fields)) form.set(name, value);
    for (const [name, file] of Object.entries(files)) form.set(name, new File([new Uint8Array(file.bytes)], file.name, { type: file.type }));
    const request = new Request("http://localhost/", { method: "POST", body: form });
    return this.remember(
      await this.app.inject({
        method: "POST",
        url,
        remoteAddress: this.address,
        payload: Buffer.from(await request.arrayBuffer()),
        headers: { "content-type": request.headers.get("content-type")!, origin: siteOrigin, cookie: this.cookieHeader },
      }),
    );
  }

  /**
   * Opens the sign-in page and signs in, with the code of the account's second factor if it has
   * one (made for `at`, by default the server's time, in ms); on success, follows the redirect as a browser
   * does (and so holds the session's CSRF token). Answers the last step: the password's, or the
   * code's. An account that must still enrol stops at the password's answer (to the enrolment).
   */
  async signIn(email: string, password: string, at?: number): Promise<LightMyRequestResponse> {
    await this.get("/admin/login");
    let answer = await this.post("/admin/login", { email, password });
    if (answer.statusCode === 303 && answer.headers.location === "/admin/login/second-factor") {
      answer = await this.post("/admin/login/second-factor", { code: await this.phoneCode(email, at) });
    }
    if (answer.statusCode === 303 && answer.headers.location !== "/admin/login/enrol") await this.get(answer.headers.location as string);
    return answer;
  }

  /**
   * The code the account's phone shows for the current 30-second step, or for the next one (also
   * accepted) if this step's code was used already: each code signs in once.
   */
  async phoneCode(email: string, at = (clocks.get(this.app)?.() ?? new Date()).getTime()): Promise<string> {
    const account = new StaffStore(this.app.db).find(email)!;
    const now = Math.floor(at / 30_000);
    const step = [now, now + 1].find((candidate) => account.totp_last_step === null || candidate > account.totp_last_step);
    if (step === undefined) throw new Error(`${email} signed in with a code more than twice in 30 seconds`);
    return generate({ secret: account.totp_secret!, epoch: step * 30 });
  }
}

/** The session cookie's name under an HTTPS SITE_URL. */
export const sessionCookie = "__Host-lescours_staff";
