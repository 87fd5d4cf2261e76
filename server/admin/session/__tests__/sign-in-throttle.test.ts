import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clientOf } from "../../../db/sign-in-throttle";
import { addStaff, adminTestServer, siteOrigin } from "../../../__tests__/support/admin";
import { cookiesOf, listenOnLoopback, requestFrom, type LoopbackAnswer } from "../../../__tests__/support/loopback";

/**
 * The two attacks, over real sockets from several loopback addresses (127.0.0.0/8):
 * a burst of parallel guesses must not get more passwords checked than the limit, and an
 * anonymous party's wrong guesses must not keep the real staff member out.
 */
const staff = { email: "claire@hermitage-lescours.example", password: "the cellar door is green 1961" };
const other = { email: "hugo@hermitage-lescours.example", password: "merlot on the clay plateau" };

/** The inbox's clock, held still during a burst so that no wait runs out while it lasts. */
let clock = Date.parse("2027-03-01T09:00:00Z");
/** The server's log lines at warning level and above. */
const logged: Record<string, unknown>[] = [];
let app: FastifyInstance;
let origin: string;
beforeAll(async () => {
  app = await adminTestServer({ LOG_LEVEL: "warn" }, { now: () => new Date(clock), logStream: { write: (line) => void logged.push(JSON.parse(line)) } });
  await addStaff(app, staff.email, staff.password);
  await addStaff(app, other.email, other.password);
  origin = await listenOnLoopback(app);
});
afterAll(async () => {
  await app.close();
});

/** The sign-in form's token and cookie, as a browser at `from` gets them. */
async function signInForm(from: string): Promise<{ cookie: string; csrf: string }> {
  const page = await requestFrom(from, `${origin}/admin/login`);
  expect(page.status).toBe(200);
  return { cookie: cookiesOf(page), csrf: /name="_csrf" value="([^"]+)"/.exec(page.body)![1]! };
}

function signIn(from: string, form: { cookie: string; csrf: string }, email: string, password: string): Promise<LoopbackAnswer> {
  return requestFrom(from, `${origin}/admin/login`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: siteOrigin, cookie: form.cookie },
    body: new URLSearchParams({ _csrf: form.csrf, email, password }).toString(),
  });
}

const count = (answers: LoopbackAnswer[], status: number) => answers.filter((answer) => answer.status === status).length;

describe("sign-in throttling", () => {
  it("a burst of 100 parallel sign-ins from one address gets at most 5 passwords checked, the right one at position 30 included", async () => {
    const from = "127.0.0.20";
    const form = await signInForm(from);
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) => signIn(from, form, staff.email, i === 29 ? staff.password : `wrong guess number ${i}`)),
    );
    // 401: checked and wrong; 303: checked and right; 429: refused before any check.
    const checked = count(answers, 401) + count(answers, 303);
    expect(checked).toBeLessThanOrEqual(5);
    expect(count(answers, 429)).toBe(100 - checked);
    expect(answers[29]!.status).toBe(429);
    for (const refused of answers.filter((answer) => answer.status === 429)) expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
  });

  it("after the free attempts, each further one waits twice as long as the one before: 1 s, 2 s, 4 s …", async () => {
    await addStaff(app, "waits@hermitage-lescours.example", "a patient passphrase 1855");
    const from = "127.0.0.21";
    const form = await signInForm(from);
    const attempt = (guess: string) => signIn(from, form, "waits@hermitage-lescours.example", guess);
    for (let i = 0; i < 5; i++) expect((await attempt(`guess ${i}`)).status).toBe(401);
    for (const seconds of [1, 2, 4, 8]) {
      const refused = await attempt("too soon");
      expect(refused.status).toBe(429);
      expect(refused.headers["retry-after"]).toBe(String(seconds));
      clock += seconds * 1000;
      expect((await attempt(`after ${seconds} s`)).status).toBe(401);
    }
    // The right password after the wait signs in and forgives this client's attempts at the account.
    clock += 16_000;
    expect((await attempt("a patient passphrase 1855")).status).toBe(303);
    for (let i = 0; i < 5; i++) expect((await attempt(`fresh guess ${i}`)).status).toBe(401);
  });

  it("five wrong passwords from 127.0.0.66 do not keep the staff member out from 127.0.0.77, .78 and .79", async () => {
    const attacker = await signInForm("127.0.0.66");
    for (let i = 0; i < 5; i++) expect((await signIn("127.0.0.66", attacker, other.email, `not the password ${i}`)).status).toBe(401);
    expect((await signIn("127.0.0.66", attacker, other.email, "one more guess")).status).toBe(429);
    const typed = [other.email, other.email.toUpperCase(), `  ${other.email}  `];
    for (const [i, email] of typed.entries()) {
      const from = `127.0.0.${77 + i}`;
      const answer = await signIn(from, await signInForm(from), email, other.password);
      expect(answer.status, `${email} from ${from}`).toBe(303);
      // The password is accepted: an inbox account's next step is its second factor.
      expect(answer.headers.location).toBe("/admin/login/second-factor");
    }
  });

  it("one client trying many accounts gets 10 checked, then waits, whatever account it names next", async () => {
    const from = "127.0.0.30";
    const form = await signInForm(from);
    for (let i = 0; i < 10; i++) expect((await signIn(from, form, `someone${i}@example.com`, "summer2027summer")).status).toBe(401);
    expect((await signIn(from, form, staff.email, staff.password)).status).toBe(429);
    // The same account from another client is not held up.
    expect((await signIn("127.0.0.31", await signInForm("127.0.0.31"), staff.email, staff.password)).status).toBe(303);
  });

  it("many clients guessing at one account only slow it down, and the log says so once, without the address", async () => {
    const target = { email: "many@hermitage-lescours.example", password: "guessed at from everywhere" };
    await addStaff(app, target.email, target.password);
    for (let i = 0; i < 20; i++) {
      const from = `127.0.1.${i + 1}`;
      expect((await signIn(from, await signInForm(from), target.email, `wrong from ${from}`)).status).toBe(401);
    }
    const alerts = () => logged.filter((line) => String(line.msg).includes("many failed sign-ins"));
    expect(alerts()).toEqual([]);
    // The staff member, from a client of their own: still let in, after a wait.
    const form = await signInForm("127.0.1.100");
    const started = performance.now();
    expect((await signIn("127.0.1.100", form, target.email, target.password)).status).toBe(303);
    expect(performance.now() - started).toBeGreaterThanOrEqual(250);
    expect(alerts()).toHaveLength(1);
    expect(JSON.stringify(logged)).not.toContain(target.email);
    for (let i = 0; i < 3; i++) await signIn("127.0.1.101", await signInForm("127.0.1.101"), target.email, `more ${i}`);
    expect(alerts()).toHaveLength(1);
  });
});

describe("the client a sign-in is counted under", () => {
  it("is the IPv4 address, also when written IPv4-mapped, and an IPv6 client's /64", () => {
    expect(clientOf("127.0.0.66")).toBe("127.0.0.66");
    expect(clientOf("::ffff:203.0.113.9")).toBe("203.0.113.9");
    expect(clientOf("2001:db8:1:2::1")).toBe("2001:0db8:0001:0002::/64");
    expect(clientOf("2001:db8:1:2:aaaa:bbbb:cccc:dddd")).toBe("2001:0db8:0001:0002::/64");
    expect(clientOf("2001:db8:1:3::1")).toBe("2001:0db8:0001:0003::/64");
    expect(clientOf("::1")).toBe("0000:0000:0000:0000::/64");
    expect(clientOf("fe80::1%eth0")).toBe("fe80:0000:0000:0000::/64");
  });
});
