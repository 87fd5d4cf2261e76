import type { AdminMessageId } from "#locales/admin";
import { maximumPasswordLength, minimumPasswordLength } from "./passwords";
import type { NewPasswordField } from "./new-password";
import type { ViewContext } from "./view-context";
import { FieldProblem, invalid } from "./field-problem";

/**
 * A new password's two fields (the password, the same again), each with its problem under it;
 * what was typed is never shown again. The account's address rides along, hidden, for the
 * browser's password manager to file the new password under.
 */
export function NewPasswordFields({
  view,
  email,
  labels,
  problems,
}: {
  view: ViewContext;
  email: string;
  labels: Record<NewPasswordField, AdminMessageId>;
  problems: Partial<Record<string, string>>;
}) {
  return (
    <>
      <input type="text" name="username" autoComplete="username" value={email} readOnly hidden />
      {(["password", "again"] as const).map((name) => (
        <label key={name}>
          {view.t(labels[name])}
          <input
            type="password"
            name={name}
            required
            minLength={minimumPasswordLength}
            maxLength={maximumPasswordLength}
            autoComplete="new-password"
            {...invalid(name, problems)}
          />
          <FieldProblem name={name} problems={problems} />
        </label>
      ))}
    </>
  );
}
