import { expect, test, type Locator } from "@playwright/test";
import { fieldPhoto, TWELVE_MEGAPIXELS } from "../scripts/field-photo.mjs";
import { enterPortal, expectAccessible, png } from "./support";

/** Fills in a request about the tractor that can wait, of `kind`, sends it: its reference, once acknowledged. */
async function sendTractorRequest(portal: Locator, kind: string, description: string): Promise<string> {
  await portal.getByLabel("Quelle machine ?").selectOption({ value: "MACH-TRACT-130|TR130-20-00391" });
  await portal.getByLabel(kind).check();
  await portal.getByLabel("Décrivez le problème ou votre besoin").fill(description);
  await portal.getByLabel("Cela peut attendre").check();
  await portal.getByRole("button", { name: "Envoyer ma demande" }).click();
  const done = portal.getByText(/^Votre demande a été envoyée\. Sa référence est D-\d{4}-[0-9A-Z]{6}\.$/);
  await expect(done).toBeVisible();
  return /D-\d{4}-[0-9A-Z]{6}/.exec((await done.textContent()) ?? "")![0];
}

test("from the product fleet on a phone (360 px): a service request about a machine with 2 photos, resized and sent with their progress", async ({
  page,
}) => {
  test.slow(); // logs in, resizes and uploads two photos
  await page.setViewportSize({ width: 360, height: 800 });
  await enterPortal(page, "multi@demo.macc.test", 0, "/portail/mon-compte/parc-produits");
  const portal = page.locator("macc-portal");
  await portal.getByRole("link", { name: "Demander une intervention — Machines agricoles" }).click();
  await expect(page).toHaveURL(/\/portail\/mon-compte\/parc-produits\/MACH\/demande$/);
  await expect(portal.getByRole("heading", { level: 1, name: "Demander une intervention" })).toBeVisible();

  // Three machines in the family: the form asks which one, and shows its serial number once chosen.
  await portal.getByLabel("Quelle machine ?").selectOption({ value: "MACH-TRACT-130|TR130-20-00391" });
  await expect(portal.locator(".service-request__machine")).toContainText("TR130-20-00391");
  await portal.getByLabel("Panne").check();
  await portal
    .getByLabel("Décrivez le problème ou votre besoin")
    .fill("Le tracteur ne démarre plus depuis ce matin, voyant moteur allumé.");
  await portal.getByLabel("Heures d'utilisation (facultatif)").fill("4210");
  await portal.getByLabel("La machine est à l'arrêt").check();
  await portal.getByLabel("Meilleur moment pour vous appeler").selectOption({ label: "Le matin" });

  // Two photos larger than 1,600 px: each resized, then uploaded with its own progress bar.
  await portal.locator("#photos").setInputFiles([
    { name: "moteur.png", mimeType: "image/png", buffer: png(2400, 1800, [180, 40, 40]) },
    { name: "plaque.png", mimeType: "image/png", buffer: png(1200, 2000, [40, 90, 160]) },
  ]);
  const photos = portal.locator(".service-request__photo");
  await expect(photos).toHaveCount(2);
  await expect(photos.locator("progress")).toHaveCount(2);
  await expect(photos.locator("progress").first()).toHaveAttribute("value", "100");
  await expect(photos.locator("progress").last()).toHaveAttribute("value", "100");
  await expectAccessible(page);

  await portal.getByRole("button", { name: "Envoyer ma demande" }).click();
  const done = portal.getByText(/^Votre demande a été envoyée\. Sa référence est D-\d{4}-[0-9A-Z]{6}\.$/);
  await expect(done).toBeVisible();
  const reference = /D-\d{4}-[0-9A-Z]{6}/.exec((await done.textContent()) ?? "")![0];
  await expectAccessible(page);

  // The after-sales service's mail links both photos (signed links): each a JPEG of at most 1,600 px.
  let links: string[] = [];
  await expect
    .poll(async () => {
      const outbox = (await (await page.request.get("/demo/outbox.json")).json()) as { to: string; text: string }[];
      const staff = outbox.find((m) => m.to === "sav@macc.fr" && m.text.includes(reference));
      links = staff ? [...staff.text.matchAll(/https?:\/\/\S+(\/api\/service-request-photos\/\S+)/g)].map((m) => m[1]!) : [];
      return links.length;
    })
    .toBe(2);
  const sent = await page.evaluate(
    (paths) =>
      Promise.all(
        paths.map(async (path) => {
          const answer = await fetch(path);
          const bitmap = await createImageBitmap(await answer.blob());
          return { type: answer.headers.get("Content-Type"), width: bitmap.width, height: bitmap.height };
        }),
      ),
    links,
  );
  expect(sent.sort((a, b) => a.width - b.width)).toEqual([
    { type: "image/jpeg", width: 960, height: 1600 },
    { type: "image/jpeg", width: 1600, height: 1200 },
  ]);

  // Back on the fleet, the machine's line shows its open request's state, from the products' own
  // answer (one data request), linked to its timeline. The newest open one of the family: another
  // test (offline.spec, the next one) may have sent a newer one for the same tractor meanwhile.
  await portal.getByRole("link", { name: "Retour à mon parc produits" }).click();
  await expect(portal.getByRole("heading", { level: 1, name: "Mon parc produits" })).toBeVisible();
  const status = portal.locator("tr", { hasText: "Machines agricoles" }).locator("a.fleet-request");
  await expect(status).toHaveText(/D-\d{4}-[0-9A-Z]{6}.*(Reçue|Prise en charge|Intervention planifiée|En attente de pièces)/);
  const shown = /D-\d{4}-[0-9A-Z]{6}/.exec((await status.textContent()) ?? "")![0];
  await expect(status).toHaveAttribute("href", `/portail/mon-compte/demandes-intervention?ref=${shown}`);
  await expectAccessible(page);
  await status.click();
  await expect(page).toHaveURL(new RegExp(`/portail/mon-compte/demandes-intervention\\?ref=${shown}$`));
  await expect(portal.locator(".service-requests__timeline")).toContainText(shown);
});

test("a customer follows a request to done: the after-sales system's changes through the outbox's buttons, in the timeline and their messages", async ({
  page,
  context,
}) => {
  test.slow(); // logs in, sends a request, three signed changes
  await enterPortal(page, "multi@demo.macc.test", 0, "/portail/mon-compte/parc-produits/MACH/demande");
  const portal = page.locator("macc-portal");
  const reference = await sendTractorRequest(portal, "Entretien", "Révision des 5000 heures avant les semis.");

  // The demo's after-sales system: the outbox page's buttons, each a signed call of the integration endpoint.
  const outbox = await context.newPage();
  for (const [button, said] of [
    ["Prise en charge", "Prise en charge"],
    ["Planifiée", "Planifiée"],
    ["Terminée", "Terminée"],
  ] as const) {
    await outbox.goto("/demo/outbox");
    await outbox
      .locator("li", { has: outbox.locator("strong", { hasText: reference }) })
      .getByRole("button", { name: button })
      .click();
    await expect(outbox.getByRole("status")).toHaveText(`La demande ${reference} est maintenant « ${said} ».`);
  }
  await outbox.goto("/demo/outbox");
  await expect(outbox.locator("strong", { hasText: reference })).toHaveCount(0);
  await expectAccessible(outbox);

  // The customer's timeline: received, assigned, scheduled, done; closed, nothing more to do.
  await page.goto(`/portail/mon-compte/demandes-intervention?state=closed&ref=${reference}`);
  await expect(portal.getByRole("heading", { level: 1, name: "Mes demandes d'intervention" })).toBeVisible();
  const timeline = portal.locator(".service-requests__timeline");
  await expect(timeline.locator("ol > li")).toHaveCount(4);
  await expect(timeline.locator("ol > li strong")).toHaveText(["Reçue", "Prise en charge", "Intervention planifiée", "Terminée"]);
  await expect(timeline.getByRole("button", { name: "Annuler cette demande" })).toHaveCount(0);
  await expect(portal.locator(".service-requests__item", { hasText: reference })).toContainText("Terminée");
  await expectAccessible(page);

  // Each change told to the customer by e-mail and SMS, in French (the request's language), once.
  await expect
    .poll(async () => {
      const sent = (await (await page.request.get("/demo/outbox.json")).json()) as { subject: string | null; text: string }[];
      return sent
        .filter((m) => (m.subject ?? m.text).includes(`Demande d'intervention ${reference} :`))
        .map((m) => (m.subject === null ? "SMS" : "e-mail"))
        .sort();
    })
    .toEqual(["SMS", "SMS", "SMS", "e-mail", "e-mail", "e-mail"]);
});

test("a message with a photo on an open request: resized and sent with its progress, a thumbnail in the timeline that opens it, linked in the staff's mail", async ({
  page,
}) => {
  test.slow(); // logs in, sends a request, resizes and uploads a photo
  await enterPortal(page, "multi@demo.macc.test", 0, "/portail/mon-compte/parc-produits/MACH/demande");
  const portal = page.locator("macc-portal");
  const reference = await sendTractorRequest(portal, "Entretien", "Graissage du relevage avant l'hiver.");
  await page.goto(`/portail/mon-compte/demandes-intervention?ref=${reference}`);
  const timeline = portal.locator(".service-requests__timeline");
  await expect(timeline).toContainText(reference);

  // Neither words nor a photo: the error summary says what to do.
  const send = timeline.getByRole("button", { name: "Envoyer le message" });
  await send.click();
  await expect(portal.locator(".error-summary")).toBeFocused();
  await expect(portal.locator(".error-summary")).toContainText("Écrivez un message, ou ajoutez une photo ou une vidéo");

  // A photo of the part: resized, uploaded with its progress, then the message names it.
  await timeline.locator("#photos").setInputFiles([{ name: "verin.png", mimeType: "image/png", buffer: png(2400, 1800, [120, 90, 40]) }]);
  await expect(timeline.locator(".service-request__photo progress")).toHaveAttribute("value", "100");
  await timeline.getByLabel("Votre message (facultatif avec des photos ou une vidéo)").fill("Voici le vérin qui fuit.");
  await send.click();
  const entry = timeline.locator("ol > li").last();
  await expect(entry).toContainText("Voici le vérin qui fuit.");
  const thumbnail = entry.getByRole("link", { name: "Photo n° 1, s'ouvre dans un nouvel onglet" });
  await expect(thumbnail.locator("img")).toHaveJSProperty("complete", true);
  expect(await thumbnail.locator("img").evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1600);
  await expect(timeline.locator(".service-request__photo")).toHaveCount(0);
  await expectAccessible(page);

  // The thumbnail opens the photo.
  const [opened] = await Promise.all([page.waitForEvent("popup"), thumbnail.click()]);
  expect(opened.url()).toMatch(/^blob:/);
  await opened.close();

  // The after-sales service's mail links it (a signed link), once.
  await expect
    .poll(async () => {
      const outbox = (await (await page.request.get("/demo/outbox.json")).json()) as { to: string; subject: string | null; text: string }[];
      return outbox
        .filter((m) => m.to === "sav@macc.fr" && m.subject === `[SAV] Message du client sur la demande ${reference}`)
        .map((m) => [...m.text.matchAll(/\/api\/service-request-photos\//g)].length);
    })
    .toEqual([1]);
});

test("a request with a short video filmed on the phone (a WebM recorded in the page): its length read, sent with its progress, played by the staff's signed link with range requests", async ({
  page,
}) => {
  test.slow(); // logs in, records a second of video, uploads it
  await page.setViewportSize({ width: 360, height: 800 });
  await enterPortal(page, "multi@demo.macc.test", 0, "/portail/mon-compte/parc-produits/MACH/demande");
  const portal = page.locator("macc-portal");
  await expect(portal.getByRole("heading", { level: 1, name: "Demander une intervention" })).toBeVisible();
  const picker = portal.locator("#video");
  await expect(picker).toHaveAttribute("accept", "video/*");
  await expect(portal.locator("#video-camera")).toHaveAttribute("capture", "environment");

  // A file that is no video: said on the field, nothing kept.
  await picker.setInputFiles({ name: "notes.webm", mimeType: "video/webm", buffer: Buffer.from("not a video at all") });
  await expect(portal.locator("#video-hint ~ .field__error")).toBeVisible();
  await expect(portal.locator(".service-request__photo")).toHaveCount(0);

  // A second of a canvas recorded by MediaRecorder: a real WebM, with no length in its header
  // (the form seeks to its end to read it), made here rather than kept as a file in the repository.
  const recorded = await page.evaluate(async () => {
    const canvas = document.createElement("canvas");
    canvas.width = 64;
    canvas.height = 48;
    const context = canvas.getContext("2d")!;
    const recorder = new MediaRecorder(canvas.captureStream(15), { mimeType: "video/webm" });
    const chunks: Blob[] = [];
    recorder.ondataavailable = (event) => chunks.push(event.data);
    const stopped = new Promise((resolve) => (recorder.onstop = resolve));
    recorder.start();
    for (let frame = 0; frame < 15; frame++) {
      context.fillStyle = `hsl(${frame * 24}, 80%, 50%)`;
      context.fillRect(0, 0, 64, 48);
      await new Promise((resolve) => setTimeout(resolve, 70));
    }
    recorder.stop();
    await stopped;
    const bytes = new Uint8Array(await new Blob(chunks, { type: "video/webm" }).arrayBuffer());
    return btoa(String.fromCharCode(...bytes));
  });
  const video = Buffer.from(recorded, "base64");
  expect(video.byteLength).toBeLessThan(50_000);
  await picker.setInputFiles({ name: "bruit.webm", mimeType: "video/webm", buffer: video });
  const row = portal.locator(".service-request__photo");
  await expect(row.locator("progress")).toHaveAttribute("value", "100");
  await expect(portal.locator("#video-hint ~ .field__error")).toHaveCount(0);
  await expectAccessible(page);

  const reference = await sendTractorRequest(portal, "Panne", "Un claquement dans le relevage, filmé en vidéo.");

  let link = "";
  await expect
    .poll(async () => {
      const outbox = (await (await page.request.get("/demo/outbox.json")).json()) as { to: string; text: string }[];
      const staff = outbox.find((m) => m.to === "sav@macc.fr" && m.text.includes(reference));
      link = (staff && /https?:\/\/\S+(\/api\/service-request-videos\/\S+)/.exec(staff.text)?.[1]) ?? "";
      return link;
    })
    .not.toBe("");
  const part = await page.request.get(link, { headers: { Range: "bytes=0-99" } });
  expect(part.status()).toBe(206);
  expect(part.headers()["content-range"]).toBe(`bytes 0-99/${video.byteLength}`);
  expect((await part.body()).equals(video.subarray(0, 100))).toBe(true);
  // It plays in a <video>: the browser reads its metadata through range requests.
  const played = await page.evaluate(async (src) => {
    const player = document.createElement("video");
    player.muted = true;
    player.src = src;
    await new Promise((resolve, reject) => {
      player.onloadeddata = resolve;
      player.onerror = () => reject(new Error(`cannot play: ${player.error?.message}`));
    });
    return { width: player.videoWidth, height: player.videoHeight };
  }, link);
  expect(played).toEqual({ width: 64, height: 48 });
});

test("measured: 3 photos of 12 megapixels, resized and sent on a throttled connection (750 kbps, 300 ms), each with its progress, the form usable meanwhile", async ({
  page,
}) => {
  test.slow(); // draws a 12-megapixel photo, then uploads about 840 kB at 750 kbps
  await page.setViewportSize({ width: 360, height: 800 });
  await enterPortal(page, "multi@demo.macc.test", 0, "/portail/mon-compte/parc-produits/MACH/demande");
  const portal = page.locator("macc-portal");
  await expect(portal.getByRole("heading", { level: 1, name: "Demander une intervention" })).toBeVisible();
  // A phone's photo (scripts/field-photo.mjs, as npm run bench measures its resize), three times.
  const drawn = await page.evaluateHandle(fieldPhoto, TWELVE_MEGAPIXELS);
  const photo = Buffer.from(
    await page.evaluate(async (blob) => {
      const bytes = new Uint8Array(await blob.arrayBuffer());
      let text = "";
      for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
      return btoa(text);
    }, drawn),
    "base64",
  );
  await drawn.dispose();

  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 300,
    downloadThroughput: 750_000 / 8,
    uploadThroughput: 750_000 / 8,
  });
  const started = Date.now();
  await portal
    .locator("#photos")
    .setInputFiles(["champ-1.jpg", "champ-2.jpg", "champ-3.jpg"].map((name) => ({ name, mimeType: "image/jpeg", buffer: photo })));
  const bars = portal.locator(".service-request__photo progress");
  await expect(bars).toHaveCount(3);
  const values = () => bars.evaluateAll((all) => all.map((bar) => (bar.hasAttribute("value") ? (bar as HTMLProgressElement).value : -1)));
  // Resized in the page (a bar without a value), then sent: from here the page's longest pause
  // between two animation frames says how usable it stays while the photos go.
  await expect.poll(async () => (await values()).every((v) => v >= 0), { timeout: 60_000 }).toBe(true);
  const resized = Date.now();
  await page.evaluate(() => {
    const state = { last: performance.now(), longest: 0, stop: false };
    const frame = (now: number) => {
      state.longest = Math.max(state.longest, now - state.last);
      state.last = now;
      if (!state.stop) requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
    (globalThis as { frames_?: typeof state }).frames_ = state;
  });
  // Each file's progress moves on its own: some bar is part-way while the form is filled in.
  await expect.poll(async () => (await values()).some((v) => v > 0 && v < 100)).toBe(true);
  await portal.getByLabel("Quelle machine ?").selectOption({ value: "MACH-TRACT-130|TR130-20-00391" });
  await portal.getByLabel("Panne").check();
  const description = portal.getByLabel("Décrivez le problème ou votre besoin");
  await description.fill("Fuite d'huile sous le pont arrière, photos jointes.");
  await expect(description).toHaveValue("Fuite d'huile sous le pont arrière, photos jointes.");
  await portal.getByLabel("La machine est à l'arrêt").check();
  const typedWhileSending = (await values()).some((v) => v < 100);
  await portal.getByRole("button", { name: /^Envoyer ma demande/ }).click();
  await expect(portal.getByText(/^Votre demande a été envoyée\. Sa référence est D-\d{4}-[0-9A-Z]{6}\.$/)).toBeVisible({ timeout: 60_000 });
  const acknowledged = Date.now();
  const longestFrame = await page.evaluate(() => {
    const state = (globalThis as { frames_?: { longest: number; stop: boolean } }).frames_!;
    state.stop = true;
    return state.longest;
  });
  const seconds = (ms: number) => (ms / 1000).toFixed(1);
  const measured =
    `3 photos of 12 MP (${(photo.byteLength / 1048576).toFixed(1)} MB each): chosen to acknowledged ${seconds(acknowledged - started)} s ` +
    `(resized in ${seconds(resized - started)} s, then sent and acknowledged in ${seconds(acknowledged - resized)} s at 750 kbps / 300 ms RTT); ` +
    `longest frame while sending ${Math.round(longestFrame)} ms`;
  expect(typedWhileSending).toBe(true);
  // Usable: no frame held for as long as a tap should take to answer (generous: the machine may be loaded).
  expect(longestFrame).toBeLessThan(1000);
  test.info().annotations.push({ type: "measured", description: measured });
  console.log(`[measured] ${measured}`);
});
