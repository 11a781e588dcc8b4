import { isEmail } from "../../core/format";

export interface LoginValues {
  email: string;
  password: string;
}

export type LoginRule = { field: keyof LoginValues; rule: "required" | "format" };

export function validateLogin(values: LoginValues): LoginRule[] {
  const problems: LoginRule[] = [];
  const email = values.email.trim();
  if (!email) problems.push({ field: "email", rule: "required" });
  else if (!isEmail(email)) problems.push({ field: "email", rule: "format" });
  if (!values.password) problems.push({ field: "password", rule: "required" });
  return problems;
}
