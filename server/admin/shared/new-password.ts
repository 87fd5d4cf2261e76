/**
 * Choosing a new password, wherever it is chosen: an invitation's page, a link sent by an admin,
 * the account page. The same fields (the password, then the same again), the same rules
 * (./passwords.ts: 12 to 256 characters, not a common password, not the address) and the same
 * words at each field.
 */
import { z } from "zod";
import { passwordFault, passwordLengthFault } from "./passwords";
import type { CheckedForm, FieldProblems } from "./staff-form";
import type { ViewContext } from "./view-context";

/** The new password's field: within its lengths (whether it is common, or the address, is checked once the address is known). */
export const newPasswordField = z.string().superRefine((password, context) => {
  const fault = passwordLengthFault(password);
  if (fault) context.addIssue({ code: "custom", message: fault });
});

/** A form's check that the new password was typed the same twice, its problem filed at the second field. */
export function typedTwice<T extends { password: string; again: string }>({ password, again }: T, context: z.RefinementCtx<T>): void {
  if (password !== again) context.addIssue({ code: "custom", path: ["again"], message: "mismatch" });
}

/** The form of a page that only chooses a password: the password and the same again. */
export const newPasswordForm = z.object({ password: newPasswordField, again: z.string() }).superRefine(typedTwice);

export type NewPasswordField = "password" | "again";

/**
 * What is wrong with a new password as a form sent it, in the staff member's language at its
 * field: a length, or the second one not the same; else a common password or the account's
 * address. Empty when the password may be used.
 */
export function newPasswordProblems(view: ViewContext, body: CheckedForm<{ password: string }, string>, email: string): FieldProblems<NewPasswordField> {
  const problems: FieldProblems = body.ok ? {} : body.problems;
  const { password, again } = problems;
  // A password field not sent at all reads as one too short.
  if (password) return { password: view.t(`invitation.password.${password === "long" ? "long" : "short"}`) };
  if (again) return { again: view.t("invitation.password.mismatch") };
  // The two fields are right (another field of the form may not be): the rules that need the address.
  const fault = passwordFault(body.ok ? body.value.password : (body.typed.password ?? ""), email);
  return fault ? { password: view.t(`invitation.password.${fault}`) } : {};
}
