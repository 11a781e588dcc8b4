import { createHash } from "node:crypto";
import { describe, expect, it, vi } from "vitest";
import type { BotCheckChallenge } from "../contract/bot-check";
import { requiredWork, solveChallenge } from "./bot-check";
import { ApiError } from "./errors";

const sha = (s: string) => createHash("sha256").update(s).digest("hex");
const challengeFor = (n: number, maxnumber = 5000): BotCheckChallenge => ({
  algorithm: "SHA-256",
  challenge: sha(`salt123?expires=1${n}`),
  maxnumber,
  salt: "salt123?expires=1",
  signature: "sig",
});

describe("solveChallenge", () => {
  it.each([0, 1, 199, 200, 4321, 5000])("finds n = %i and returns the payload the API verifies", async (n) => {
    const payload = JSON.parse(atob(await solveChallenge(challengeFor(n))));
    expect(payload).toEqual({
      algorithm: "SHA-256",
      challenge: sha(`salt123?expires=1${n}`),
      number: n,
      salt: "salt123?expires=1",
      signature: "sig",
    });
  });

  it("fails when no number up to maxnumber solves it", async () => {
    await expect(solveChallenge(challengeFor(6000, 5000))).rejects.toThrow(/no solution/);
  });

  it("an upper-case challenge is found too", async () => {
    const challenge = { ...challengeFor(321), challenge: sha("salt123?expires=1321").toUpperCase() };
    expect(JSON.parse(atob(await solveChallenge(challenge))).number).toBe(321);
  });

  it("gives the page turns while it works, even when every digest settles at once", async () => {
    // As on a slow device: the digests are ready, so awaiting them alone would never leave the task.
    const digest = vi.spyOn(crypto.subtle, "digest").mockImplementation(
      async (_algorithm, data) =>
        new Uint8Array(
          createHash("sha256")
            .update(data as Uint8Array)
            .digest(),
        ).buffer,
    );
    try {
      const events: string[] = [];
      setTimeout(() => events.push("timer"), 0);
      await solveChallenge(challengeFor(40_000, 50_000)).then(() => events.push("solved"));
      expect(events).toEqual(["timer", "solved"]);
    } finally {
      digest.mockRestore();
    }
  });

  it("stops when cancelled", async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(solveChallenge(challengeFor(4000), controller.signal)).rejects.toMatchObject({ name: "AbortError" });
  });
});

describe("requiredWork: the harder proof of work a refused login asks for", () => {
  const refusal = (status: number, type: string, maxnumber: unknown) => new ApiError(status, { status, type, maxnumber });
  it.each<[string, unknown, number | null]>([
    ["403 bot-check-cost naming the work", refusal(403, "urn:macc:problem:bot-check-cost", 400_000), 400_000],
    ["403 bot-check (a refused solution)", refusal(403, "urn:macc:problem:bot-check", 400_000), null],
    ["another status", refusal(429, "urn:macc:problem:bot-check-cost", 400_000), null],
    ["no work named", refusal(403, "urn:macc:problem:bot-check-cost", undefined), null],
    ["a work that is no whole number", refusal(403, "urn:macc:problem:bot-check-cost", "400000"), null],
    ["a negative work", refusal(403, "urn:macc:problem:bot-check-cost", -5), null],
    ["not an API error", new Error("offline"), null],
  ])("%s", (_label, error, expected) => {
    expect(requiredWork(error)).toBe(expected);
  });
});
