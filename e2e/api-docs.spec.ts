import { expect, test } from "@playwright/test";

test("the API reference at /api/docs draws the generated document under its own CSP, calling nothing outside our origin", async ({
  page,
}) => {
  const violations: string[] = [];
  page.on("console", (message) => void (/Content Security Policy/i.test(message.text()) && violations.push(message.text())));
  const elsewhere: string[] = [];
  page.on(
    "request",
    (request) => void (new URL(request.url()).origin !== new URL(page.url() || request.url()).origin && elsewhere.push(request.url())),
  );
  await page.goto("/api/docs");
  await expect(page.getByRole("heading", { level: 1, name: /reference API/ })).toBeVisible();
  // An operation of the document, reached from the reference's own search.
  await page
    .getByRole("button", { name: /Search/ })
    .first()
    .click();
  await page.keyboard.type("Log in");
  await expect(page.getByText("Log in: the session's tokens, and the refresh cookie").first()).toBeVisible();
  expect(violations).toEqual([]);
  expect(elsewhere).toEqual([]);
});
