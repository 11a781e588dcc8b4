import { describe, expect, it } from "vitest";
import { PASSING_OUTAGE_TYPE, reactionTo, type ErrorIntent } from "./error-policy";

const TOAST: ErrorIntent = {};
const INLINE: ErrorIntent = { errors: "inline" };
const OPTIONAL: ErrorIntent = { errors: "inline", optional: true };
const ANONYMOUS: ErrorIntent = { anonymous: true };

describe("what each status does, by intent (SPEC §4, §8)", () => {
  // status, intent, disconnect (null, or whether the customer goes to login), maintenance, generic toast
  it.each<[number, string, ErrorIntent, { authenticated: boolean } | null, boolean, boolean]>([
    [0, "toast", TOAST, null, false, true],
    [0, "inline", INLINE, null, false, false],
    [400, "toast", TOAST, null, false, true],
    [400, "inline", INLINE, null, false, false],
    [401, "toast", TOAST, { authenticated: true }, false, false],
    [401, "inline", INLINE, { authenticated: true }, false, false],
    [401, "optional", OPTIONAL, { authenticated: false }, false, false],
    [401, "anonymous", ANONYMOUS, { authenticated: false }, false, false],
    [403, "toast", TOAST, null, false, true],
    [403, "inline", INLINE, null, false, false],
    [404, "toast", TOAST, null, false, true],
    [404, "inline", INLINE, null, false, false],
    [404, "optional", OPTIONAL, null, false, false],
    [409, "toast", TOAST, null, false, true],
    [413, "toast", TOAST, { authenticated: true }, false, true],
    [413, "inline", INLINE, { authenticated: true }, false, false],
    [422, "toast", TOAST, null, false, true],
    [422, "inline", INLINE, null, false, false],
    [429, "toast", TOAST, { authenticated: true }, false, true],
    [429, "inline", INLINE, { authenticated: true }, false, false],
    [429, "anonymous", ANONYMOUS, { authenticated: false }, false, true],
    [500, "toast", TOAST, null, false, true],
    [500, "inline", INLINE, null, false, false],
    [502, "toast", TOAST, null, false, true],
    [503, "toast", TOAST, null, true, false],
    [503, "inline", INLINE, null, true, false],
    [503, "optional", OPTIONAL, null, true, false],
    [504, "inline", INLINE, null, false, false],
  ])("%i, %s → disconnect %j, maintenance %s, toast %s", (status, _label, intent, disconnect, maintenance, toast) => {
    expect(reactionTo(status, intent)).toEqual({ disconnect, maintenance, toast });
  });

  it.each<[string, ErrorIntent, boolean]>([
    ["toast", TOAST, true],
    ["inline", INLINE, false],
  ])("503 of a passing outage, %s → no maintenance screen, toast %s", (_label, intent, toast) => {
    expect(reactionTo(503, intent, PASSING_OUTAGE_TYPE)).toEqual({ disconnect: null, maintenance: false, toast });
    expect(reactionTo(503, intent, "urn:macc:problem:maintenance").maintenance).toBe(true);
  });

  it("the generic toast is the default", () => {
    expect(reactionTo(500)).toEqual(reactionTo(500, { errors: "toast" }));
  });

  it.each([
    [401, true],
    [413, true],
    [429, true],
    [400, false],
    [403, false],
    [500, false],
    [503, false],
  ])("status %s disconnects: %s", (status, disconnects) => {
    expect(reactionTo(status).disconnect !== null).toBe(disconnects);
  });
});
