/**
 * Sign-in throttling (table of migration 3). An attempt is reserved, in one write transaction,
 * before its password or code is checked: the transaction counts the recent attempts of the
 * client, of the client with the account typed, and of the account from everywhere, and either
 * refuses the attempt or writes it. A burst of parallel requests is therefore counted one by one,
 * however long each check then takes (docs/security.md, "Sign-in throttling").
 */
import { createHash } from "node:crypto";
import { isIPv4, isIPv6 } from "node:net";
import type { Db } from "./database";

/** What is being guessed: the password, or the second factor's code once the password was right. */
export type AttemptKind = "password" | "second-factor";

/**
 * Attempts let through without a wait; after them each further one must wait `firstDelayMs`
 * after the latest, twice as long for each further attempt, at most `maxDelayMs`.
 */
interface Step {
  free: number;
  firstDelayMs: number;
  maxDelayMs: number;
}

interface KindPolicy {
  /** The client with the account typed: the one guessing at one account. */
  pair: Step;
  /** The client alone, whatever it types: one client trying many accounts. */
  client: Step;
  /**
   * The account from every client. For passwords it only slows the check down (`delay`): an
   * anonymous party must not be able to keep the real staff member out. The second factor is
   * asked only after the right password, so there the account is refused like the others.
   */
  account: Step & { mode: "delay" | "refuse" };
}

const minute = 60_000;
/** Attempts are counted over a day: the delays grow for a guesser who keeps going. */
const attemptWindowMs = 24 * 60 * minute;

const throttlePolicy: Record<AttemptKind, KindPolicy> = {
  password: {
    pair: { free: 5, firstDelayMs: 1000, maxDelayMs: 15 * minute },
    client: { free: 10, firstDelayMs: 1000, maxDelayMs: 15 * minute },
    account: { mode: "delay", free: 20, firstDelayMs: 250, maxDelayMs: 10_000 },
  },
  "second-factor": {
    pair: { free: 5, firstDelayMs: 1000, maxDelayMs: 15 * minute },
    client: { free: 10, firstDelayMs: 1000, maxDelayMs: 15 * minute },
    account: { mode: "refuse", free: 5, firstDelayMs: 1000, maxDelayMs: 15 * minute },
  },
};

/** How long after the latest attempt the next one must wait, with `counted` attempts so far. */
function waitAfter(counted: number, step: Step): number {
  if (counted < step.free) return 0;
  return Math.min(step.maxDelayMs, step.firstDelayMs * 2 ** (counted - step.free));
}

/** The three keys an attempt is counted under, none of them what was typed. */
export interface ThrottleKeys {
  pair: string;
  client: string;
  account: string;
}

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

/**
 * A client as the throttle counts it: an IPv4 address (also when written IPv4-mapped, `::ffff:…`),
 * or an IPv6 client by its /64, the block one home or one server is given.
 */
export function clientOf(address: string): string {
  const bare = address.replace(/%.*$/, "");
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(bare);
  if (mapped && isIPv4(mapped[1]!)) return mapped[1]!;
  if (!isIPv6(bare)) return bare;
  const [head = "", tail = ""] = bare.toLowerCase().split("::");
  const left = head === "" ? [] : head.split(":");
  const right = bare.includes("::") ? (tail === "" ? [] : tail.split(":")) : [];
  const groups = [...left, ...Array<string>(8 - left.length - right.length).fill("0"), ...right];
  return `${groups
    .slice(0, 4)
    .map((group) => group.padStart(4, "0"))
    .join(":")}::/64`;
}

/** The digest an account is counted under: typed addresses compared after trimming and lower-casing. */
export const accountDigest = (typed: string) => sha256(typed.trim().toLowerCase());

export function throttleKeys(address: string, typedAccount: string): ThrottleKeys {
  const client = clientOf(address);
  const account = accountDigest(typedAccount);
  return { pair: sha256(`${client}\n${account}`), client, account };
}

export type Reservation =
  /** Let through: check it now, after waiting `delayMs`; `alert` the first time the account's ceiling is passed. */
  { allowed: true; delayMs: number; alert: boolean } | { allowed: false; retryAfterMs: number };

/** The attempts of the throttle's table. */
export class SignInThrottle {
  private readonly statements;

  constructor(private readonly db: Db) {
    const recent = (column: string) => db.prepare(`SELECT count(*) AS n, max(at) AS latest FROM sign_in_attempts WHERE kind = ? AND ${column} = ? AND at > ?`);
    this.statements = {
      pair: recent("pair"),
      client: recent("client"),
      account: recent("account"),
      insert: db.prepare("INSERT INTO sign_in_attempts (at, kind, pair, client, account) VALUES (?, ?, ?, ?, ?)"),
      sweep: db.prepare("DELETE FROM sign_in_attempts WHERE at <= ?"),
      clearPair: db.prepare("DELETE FROM sign_in_attempts WHERE kind = ? AND pair = ?"),
    };
  }

  /**
   * Counts and, when allowed, records one attempt, in one `BEGIN IMMEDIATE` transaction: two
   * processes (or two requests) cannot both see the count before the other's attempt. What is
   * refused is not recorded: hammering a refused key costs the attacker only its own wait.
   */
  reserve(kind: AttemptKind, keys: ThrottleKeys, now: Date): Reservation {
    const policy = throttlePolicy[kind];
    const at = now.toISOString();
    const since = new Date(now.getTime() - attemptWindowMs).toISOString();
    return this.db
      .transaction((): Reservation => {
        this.statements.sweep.run(since);
        const count = (key: "pair" | "client" | "account") => this.statements[key].get(kind, keys[key], since) as { n: number; latest: string | null };
        const remaining = (counted: { n: number; latest: string | null }, step: Step) =>
          counted.latest === null ? 0 : Date.parse(counted.latest) + waitAfter(counted.n, step) - now.getTime();
        const account = count("account");
        const retryAfterMs = Math.max(
          remaining(count("pair"), policy.pair),
          remaining(count("client"), policy.client),
          policy.account.mode === "refuse" ? remaining(account, policy.account) : 0,
        );
        if (retryAfterMs > 0) return { allowed: false, retryAfterMs };
        this.statements.insert.run(at, kind, keys.pair, keys.client, keys.account);
        const delayMs = policy.account.mode === "delay" ? waitAfter(account.n, policy.account) : 0;
        // One alert per account and day: a row of its own kind remembers it was given.
        const alertKind = `${kind}-alert`;
        const alert = delayMs > 0 && (this.statements.account.get(alertKind, keys.account, since) as { n: number }).n === 0;
        if (alert) this.statements.insert.run(at, alertKind, keys.pair, keys.client, keys.account);
        return { allowed: true, delayMs, alert };
      })
      .immediate();
  }

  /** A success: the client's attempts at this account are forgiven (not the client's others). */
  succeeded(kind: AttemptKind, keys: ThrottleKeys): void {
    this.statements.clearPair.run(kind, keys.pair);
  }
}
