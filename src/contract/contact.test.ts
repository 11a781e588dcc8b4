import { describe, expect, it } from "vitest";
import { CHOOSE_SERVICE, ContactRequest, MESSAGE_TOO_SHORT } from "./contact";
import { NOT_AN_OBJECT, verdict } from "./rules";

const VALID = { service: "Service clients", subject: "Semoir en panne", message: "Le doseur ne tourne plus." };

describe("ContactRequest", () => {
  it("trims each field and keeps the message's lines", () => {
    const message = "  Bonjour,\n\nle doseur ne tourne plus.\n";
    expect(verdict(ContactRequest, { service: " Service clients ", subject: " Objet ", message })).toEqual({
      valid: true,
      value: { service: "Service clients", subject: "Objet", message: "Bonjour,\n\nle doseur ne tourne plus." },
    });
  });

  it("accepts a message of exactly 10 and 5,000 characters", () => {
    expect(verdict(ContactRequest, { ...VALID, message: "x".repeat(10) }).valid).toBe(true);
    expect(verdict(ContactRequest, { ...VALID, message: "x".repeat(5000) }).valid).toBe(true);
  });

  it.each<[string, unknown, { path: string; rule: string; limit?: number; message?: string }[]]>([
    [
      "an empty body: every field, in form order",
      {},
      [
        { path: "service", rule: "required", message: CHOOSE_SERVICE },
        { path: "subject", rule: "required" },
        { path: "message", rule: "required" },
      ],
    ],
    ["null", null, [{ path: "", rule: "required", message: NOT_AN_OBJECT }]],
    ["no service chosen", { ...VALID, service: "" }, [{ path: "service", rule: "format", message: CHOOSE_SERVICE }]],
    ["a service not text", { ...VALID, service: 42 }, [{ path: "service", rule: "format", message: CHOOSE_SERVICE }]],
    ["a service over 200", { ...VALID, service: "s".repeat(201) }, [{ path: "service", rule: "format", message: CHOOSE_SERVICE }]],
    ["a blank subject", { ...VALID, subject: "   " }, [{ path: "subject", rule: "required" }]],
    ["a subject over 150", { ...VALID, subject: "x".repeat(151) }, [{ path: "subject", rule: "tooLong", limit: 150 }]],
    ["an empty message", { ...VALID, message: "" }, [{ path: "message", rule: "required" }]],
    [
      "a message of 9 characters once trimmed",
      { ...VALID, message: " 123456789 " },
      [{ path: "message", rule: "format", message: MESSAGE_TOO_SHORT }],
    ],
    ["a message over 5,000", { ...VALID, message: "x".repeat(5001) }, [{ path: "message", rule: "tooLong", limit: 5000 }]],
  ])("refuses %s", (_name, input, problems) => {
    expect(verdict(ContactRequest, input)).toEqual({ valid: false, problems });
  });
});
