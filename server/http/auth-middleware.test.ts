import { describe, expect, it } from "vitest";
import { signAccessToken, type AccessClaims } from "../auth/tokens.ts";
import { tokenClaims } from "./auth-middleware.ts";

const NOW = 1_800_000_000;
const claims: AccessClaims = { sid: "s-1", sub: "u-1", tier: "0001", exp: NOW + 900 };

describe("tokenClaims: a token's signature checked once per secret, its expiry every time", () => {
  it.each<[string, (secret: Buffer) => [string, number][], AccessClaims | null]>([
    [
      "a valid token, twice",
      (k) => [
        [signAccessToken(k, claims), NOW],
        [signAccessToken(k, claims), NOW + 1],
      ],
      claims,
    ],
    [
      "a token accepted once, then expired",
      (k) => [
        [signAccessToken(k, claims), NOW],
        [signAccessToken(k, claims), NOW + 900],
      ],
      null,
    ],
    [
      "a token accepted once, then its signature altered",
      (k) => [
        [signAccessToken(k, claims), NOW],
        [`${signAccessToken(k, claims)}A`, NOW],
      ],
      null,
    ],
    [
      "a token accepted under one secret, then presented under another",
      (k) => [
        [signAccessToken(k, claims), NOW],
        [signAccessToken(Buffer.from("other"), claims), NOW],
      ],
      null,
    ],
    ["a token already expired", (k) => [[signAccessToken(k, { ...claims, exp: NOW }), NOW]], null],
  ])("%s", (_, requests, last) => {
    const secret = Buffer.from(`secret ${Math.random()}`);
    const answers = requests(secret).map(([token, now]) => tokenClaims(secret, token, now));
    expect(answers.at(-1)).toEqual(last);
  });

  it("does not keep a secret's tokens for another secret", () => {
    const first = Buffer.from("first secret");
    const token = signAccessToken(first, claims);
    expect(tokenClaims(first, token, NOW)).toEqual(claims);
    expect(tokenClaims(Buffer.from("second secret"), token, NOW)).toBeNull();
  });
});
