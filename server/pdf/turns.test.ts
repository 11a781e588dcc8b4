import { describe, expect, it } from "vitest";
import { createTurns } from "./turns.ts";

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe("turns", () => {
  it.each([1, 2, 3])("runs at most %i at once, the others in the order they came", async (concurrency) => {
    const inTurn = createTurns(concurrency);
    const finish: (() => void)[] = [];
    const started: number[] = [];
    let running = 0;
    const all = [0, 1, 2, 3, 4].map((i) =>
      inTurn(async () => {
        started.push(i);
        running++;
        await new Promise<void>((resolve) => finish.push(resolve));
        running--;
        return i;
      }),
    );
    for (let done = 0; done < 5; done++) {
      await tick();
      expect(running).toBe(Math.min(concurrency, 5 - done));
      finish.shift()!();
    }
    expect(await Promise.all(all)).toEqual([0, 1, 2, 3, 4]);
    expect(started).toEqual([0, 1, 2, 3, 4]);
  });

  it("a failed piece gives its turn back", async () => {
    const inTurn = createTurns(1);
    await expect(inTurn(() => Promise.reject(new Error("broken")))).rejects.toThrow("broken");
    expect(await inTurn(async () => "next")).toBe("next");
  });
});
