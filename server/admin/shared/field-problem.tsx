/** A refused field's message under it, tied to its control by `aria-describedby` (`invalid`). */
export function FieldProblem({ name, problems }: { name: string; problems: Partial<Record<string, string>> }) {
  const problem = problems[name];
  return problem ? (
    <span className="field-problem" id={`problem-${name}`}>
      {problem}
    </span>
  ) : null;
}

/** The attributes of a refused field's control: marked invalid and described by its message. */
export const invalid = (name: string, problems: Partial<Record<string, string>>) =>
  problems[name] ? { "aria-invalid": true as const, "aria-describedby": `problem-${name}` } : {};
