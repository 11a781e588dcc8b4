import { expect, test } from "@playwright/test";

test("the API reference at /api/docs draws the generated document under its own CSP, calling nothing outside our origin", async ({
  page,
}) => {
  const violations: string[] = [];
  page.on("console", (message) => void (/Content Security Policy/i.test(message.text()) && violations.push(message.text())));
  const elsewhere: string[] = [];
  page.on("request", (request) => void (!request.url().startsWith("http://127.0.0.1:") && elsewhere.push(request.url())));
  await page.goto("/api/docs");
  await expect(page.getByRole("heading", { level: 1, name: /reference API/ })).toBeVisible();
  // A tag of the document opens on its operations, with their summaries.
  await page.getByRole("button", { name: /^auth/ }).click();
  await expect(page.getByRole("button", { name: /^Log in: the session's tokens/ })).toBeVisible();
  expect(violations).toEqual([]);
  expect(elsewhere).toEqual([]);
});
