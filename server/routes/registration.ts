import { createHmac, randomBytes, randomInt, timingSafeEqual } from "node:crypto";
import { Hono, type Context } from "hono";
import { checkCompanyNumber, type CompanyCountry, type CompanyNumberCheck } from "../../src/contract/company-numbers.ts";
import { problemDetail, waitDuration } from "../../src/contract/problem-details.ts";
import {
  CHOOSE_COMPANY,
  CHOOSE_CONTACT_MEANS,
  ChooseCompaniesAnswer,
  ChooseCompaniesRequest,
  codeDigits,
  CodeSentAnswer,
  CodeVerifiedAnswer,
  CompleteAnswer,
  CompleteRequest,
  IdentifyAnswer,
  IdentifyRequest,
  MAX_FOUND,
  ONE_OF_TWO,
  SendCodeRequest,
  VerifyCodeRequest,
  WRONG_CODE,
} from "../../src/contract/registration.ts";
import { newPasswordErrors } from "../auth/password-policy.ts";
import { hashPassword } from "../auth/passwords.ts";
import { createSession } from "../auth/sessions.ts";
import { hashSecretToken } from "../auth/tokens.ts";
import { loadUser } from "../auth/user.ts";
import type { Queryable } from "../db/db.ts";
import { requireBotCheck } from "../http/bot-check.ts";
import { clientAddress, type AppEnv, type Deps } from "../http/context.ts";
import { loginResponder } from "../http/login-response.ts";
import { jsonBody, operation } from "../http/operation.ts";
import { ProblemError, tooManyRequests, validationProblem } from "../http/problem.ts";
import { deliverInBackground, enqueueMail } from "../mail/queue.ts";
import { mailLanguage, verificationCodeMail, verificationCodeText } from "../mail/templates.ts";
import { emailInUse } from "../queries/accounts.ts";
import { hit } from "../queries/rate-limits.ts";
import {
  anyCompanyHasAccount,
  chooseCompanies,
  companyContacts,
  createAccount,
  deleteRegistration,
  findCompanies,
  findRegistration,
  insertRegistration,
  markVerified,
  recordWrongTries,
  storeCode,
  type RegistrationRow,
} from "../queries/registrations.ts";
import { contactMeansOf } from "../registration/contact-means.ts";
import { sendSmsInBackground } from "../sms/sms.ts";

const REGISTRATION_MESSAGES = {
  oneOfTwo: ONE_OF_TWO,
  chooseCompany: CHOOSE_COMPANY,
  chooseContactMeans: CHOOSE_CONTACT_MEANS,
  wrongCode: WRONG_CODE,
} as const;
const M = REGISTRATION_MESSAGES;

const ID_FORMAT = /^[A-Za-z0-9_-]{43}$/;

const expired = () => new ProblemError(404, "registration-expired", "registrationExpired");

async function loadRegistration(db: Queryable, id: string, resendSeconds: number, forUpdate = false): Promise<RegistrationRow> {
  if (!ID_FORMAT.test(id)) throw expired();
  const row = await findRegistration(db, hashSecretToken(id), resendSeconds, forUpdate);
  if (!row) throw expired();
  return row;
}

/**
 * Normalized registration numbers designating the same company as `check`, and for France the
 * SIREN whose establishments (SIRET) match too.
 */
function numberKeys(pays: CompanyCountry, check: CompanyNumberCheck): { exact: string[]; siren: string | null; key: string } {
  const n = check.normalized;
  if (pays === "FR") {
    const siren = check.kind === "vat" ? n.slice(4) : n.slice(0, 9);
    let sum = 0;
    for (const ch of siren) sum = (sum * 10 + Number(ch)) % 97;
    const vatKey = String((12 + 3 * sum) % 97).padStart(2, "0");
    return { exact: [...new Set([n, siren, `FR${vatKey}${siren}`])], siren, key: siren };
  }
  const prefix = pays === "BE" || pays === "ES" || pays === "IT" ? pays : null;
  if (prefix) {
    const core = n.startsWith(prefix) && check.kind === "vat" ? n.slice(2) : n;
    return { exact: [core, `${prefix}${core}`], siren: null, key: core };
  }
  return { exact: [n], siren: null, key: n };
}

/** HMAC of a verification code, bound to its registration. */
function codeHash(secret: Buffer, idHash: string, code: string): string {
  return createHmac("sha256", secret).update(`registration-code:${idHash}:${code}`).digest("hex");
}

function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a, "hex");
  const y = Buffer.from(b, "hex");
  return x.length === y.length && timingSafeEqual(x, y);
}

type VerifyOutcome = { ok: true } | { ok: false; remainingTries: number };

/**
 * Self-service registration (SPEC §3 "Registration state", §4): identify the company, choose the
 * companies, receive a code through one of their contact means, check it, choose a password.
 * The state lives in `registrations`; the account is created at the last step only.
 */
export function registrationRoutes(deps: Deps) {
  const { db, config, mailer, sms } = deps;
  const app = new Hono<AppEnv>();
  const { setRefreshCookie, setDeviceCookie, tokenResponse } = loginResponder(deps);
  const botCheck = requireBotCheck(deps);
  const window = config.registrationWindowSeconds;
  const resendSeconds = config.verificationCodeResendSeconds;
  const address = (c: Context<AppEnv>) => clientAddress(c, config.trustProxy);

  app.use("*", async (c, next) => {
    c.header("Cache-Control", "no-store");
    await next();
  });

  // 1. Identification: the companies matching a registration number or a customer number.
  app.post(
    "/",
    operation({
      operationId: "startRegistration",
      summary: "Registration step 1: identify the company",
      tags: ["registration"],
      botCheck: true,
      answers: { 201: { description: "Registration started", schema: IdentifyAnswer } },
      problems: [400, 403, 404, 413, 415, 422, 429],
    }),
    botCheck,
    ...jsonBody(IdentifyRequest),
    async (c) => {
      const { pays, immatriculation, email, mobile, ...body } = c.req.valid("json");
      const number = immatriculation ? checkCompanyNumber(pays, immatriculation) : null;
      const numeroClient = body.numeroClient || null;
      const perClient = await hit(db, `registration:identify:client:${address(c)}`, window);
      if (perClient.count > config.registrationIdentifyMaxPerClient) throw tooManyRequests("tooManySearches", perClient.retryAfter);
      const numbers = number && numberKeys(pays, number);
      const numberKeysToHit = [
        ...(numbers ? [`registration:identify:number:${pays}:${numbers.key}`] : []),
        ...(numeroClient ? [`registration:identify:customer:${numeroClient.toLowerCase()}`] : []),
      ];
      for (const key of numberKeysToHit) {
        const state = await hit(db, key, window);
        if (state.count > config.registrationIdentifyMaxPerNumber) throw tooManyRequests("tooManySearchesForNumber", state.retryAfter);
      }

      const found = await findCompanies(db, { pays, numbers, numeroClient, limit: MAX_FOUND });
      if (found.length === 0) {
        throw new ProblemError(404, "not-found", number ? "noCompany" : "unknownCustomer");
      }
      const registrationId = randomBytes(32).toString("base64url");
      await insertRegistration(db, {
        idHash: hashSecretToken(registrationId),
        pays,
        immatriculation: number?.normalized ?? null,
        numeroClient,
        email,
        mobile: mobile.replace(/\s+/g, " "),
        langue: c.get("locale"),
        foundTiers: found.map((f) => f.idTier),
        ttlMinutes: config.registrationTtlMinutes,
      });
      return c.json({ registrationId, entreprisesTrouvees: found }, 201);
    },
  );

  // 2. Companies chosen among the found ones → their contact means (masked).
  app.post(
    "/:id/companies",
    operation({
      operationId: "chooseRegistrationCompanies",
      summary: "Registration step 2: choose the companies",
      tags: ["registration"],
      botCheck: true,
      answers: { 200: { description: "Contact means the code can be sent to", schema: ChooseCompaniesAnswer } },
      problems: [400, 403, 404, 409, 415, 422],
    }),
    botCheck,
    ...jsonBody(ChooseCompaniesRequest),
    async (c) => {
      const reg = await loadRegistration(db, c.req.param("id"), resendSeconds);
      const chosen = [...new Set(c.req.valid("json").idTiers)];
      if (chosen.some((id) => !reg.found_tiers.includes(id))) {
        throw validationProblem([{ path: "idTiers", message: M.chooseCompany }]);
      }
      if (await anyCompanyHasAccount(db, chosen)) throw new ProblemError(409, "account-exists", "accountExists");

      const contacts = await companyContacts(db, chosen);
      const means = contactMeansOf(chosen.flatMap((id) => contacts.get(id) ?? []));
      if (means.length === 0) {
        throw new ProblemError(422, "no-contact-means", "noContactMeans", { extra: { errors: [] } });
      }
      await chooseCompanies(db, reg.id_hash, chosen, means);
      return c.json({ moyensContacts: means.map(({ id, type, masked }) => ({ id, type, masked })) });
    },
  );

  // 3. A verification code sent through the chosen contact means.
  app.post(
    "/:id/code",
    operation({
      operationId: "sendRegistrationCode",
      summary: "Registration step 3: send a verification code",
      tags: ["registration"],
      botCheck: true,
      answers: { 202: { description: "Code sent (delivery happens after the answer)", schema: CodeSentAnswer } },
      problems: [400, 403, 404, 409, 415, 422, 429],
    }),
    botCheck,
    ...jsonBody(SendCodeRequest),
    async (c) => {
      const body = c.req.valid("json");
      const id = c.req.param("id");
      const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
      const secret = await deps.secret();
      const lang = mailLanguage(c.get("locale"));
      const minutes = Math.round(config.verificationCodeTtlSeconds / 60);
      const clientKey = `registration:code:client:${address(c)}`;

      const { means, mailIds } = await db.transaction(async (tx) => {
        const reg = await loadRegistration(tx, id, resendSeconds, true);
        if (!reg.contact_means) throw new ProblemError(409, "registration-incomplete", "companyRequired");
        const means = reg.contact_means.find((m) => m.id === body.moyenContact);
        if (!means) throw validationProblem([{ path: "moyenContact", message: M.chooseContactMeans }]);
        const resendIn = reg.resend_in;
        if (resendIn !== null && resendIn > 0) {
          throw new ProblemError(
            429,
            "too-many-requests",
            (locale) => problemDetail("codeResendWait", locale, { duration: waitDuration(resendIn, locale) }),
            { headers: { "Retry-After": String(resendIn) } },
          );
        }
        // Counted in the transaction: a refused request is not counted.
        const perClient = await hit(tx, clientKey, window);
        if (perClient.count > config.registrationCodeMaxPerClient) throw tooManyRequests("tooManyCodes", perClient.retryAfter);
        const perRegistration = await hit(tx, `registration:code:registration:${reg.id_hash}`, config.registrationTtlMinutes * 60);
        if (perRegistration.count > config.registrationCodeMaxPerRegistration) {
          throw tooManyRequests("tooManyCodes", perRegistration.retryAfter);
        }
        await storeCode(tx, reg.id_hash, means.id, codeHash(secret, reg.id_hash, code), config.verificationCodeTtlSeconds);
        const mailIds = means.type === "email" ? [await enqueueMail(tx, verificationCodeMail(lang, means.to, code, minutes))] : [];
        return { means, mailIds };
      });
      if (means.type === "email") deliverInBackground(db, mailer, mailIds);
      else sendSmsInBackground(sms, { to: means.to, text: verificationCodeText(lang, code, minutes) });
      return c.json({ resendAfter: resendSeconds, expiresIn: config.verificationCodeTtlSeconds }, 202);
    },
  );

  // 4. The code typed by the user.
  app.post(
    "/:id/verify",
    operation({
      operationId: "verifyRegistrationCode",
      summary: "Registration step 4: check the code",
      tags: ["registration"],
      botCheck: true,
      answers: { 200: { description: "Code accepted", schema: CodeVerifiedAnswer } },
      problems: [400, 403, 404, 409, 410, 415, 422, 429],
    }),
    botCheck,
    ...jsonBody(VerifyCodeRequest),
    async (c) => {
      const body = c.req.valid("json");
      const id = c.req.param("id");
      const perClient = await hit(db, `registration:verify:client:${address(c)}`, window);
      if (perClient.count > config.registrationVerifyMaxPerClient) throw tooManyRequests("tooManyAttempts", perClient.retryAfter);
      const secret = await deps.secret();
      const typed = codeDigits(body.code);
      const maxTries = config.verificationCodeMaxTries;

      // Wrong tries must be recorded: the transaction returns the outcome instead of throwing it.
      const outcome = await db.transaction(async (tx): Promise<VerifyOutcome> => {
        const reg = await loadRegistration(tx, id, resendSeconds, true);
        if (reg.code_hash === null) {
          if (reg.code_expired === null) throw new ProblemError(409, "registration-incomplete", "codeFirst");
          throw new ProblemError(410, "code-used", "codeUsed");
        }
        if (reg.code_tries >= maxTries) throw new ProblemError(410, "code-too-many-tries", "codeTooManyTries");
        if (reg.code_expired) throw new ProblemError(410, "code-expired", "codeExpired");
        if (typed && sameHash(codeHash(secret, reg.id_hash, typed), reg.code_hash)) {
          await markVerified(tx, reg.id_hash);
          return { ok: true };
        }
        const tries = reg.code_tries + 1;
        await recordWrongTries(tx, reg.id_hash, tries);
        return { ok: false, remainingTries: maxTries - tries };
      });
      if (!outcome.ok) {
        if (outcome.remainingTries <= 0) throw new ProblemError(410, "code-too-many-tries", "codeTooManyTries");
        throw validationProblem([{ path: "code", message: M.wrongCode }], { remainingTries: outcome.remainingTries });
      }
      return c.json({ verified: true });
    },
  );

  // 5. The password: the account is created, linked to the chosen companies, and logged in.
  app.post(
    "/:id/complete",
    operation({
      operationId: "completeRegistration",
      summary: "Registration step 5: choose the password — the account is created and logged in",
      tags: ["registration"],
      botCheck: true,
      answers: {
        201: {
          description: "Account created and logged in (the refresh and device cookies are set, as by a login)",
          schema: CompleteAnswer,
        },
      },
      problems: [400, 403, 404, 409, 415, 422],
    }),
    botCheck,
    ...jsonBody(CompleteRequest),
    async (c) => {
      const body = c.req.valid("json");
      const id = c.req.param("id");
      const reg = await loadRegistration(db, id, resendSeconds);
      if (!reg.verified || !reg.chosen_tiers) throw new ProblemError(409, "registration-incomplete", "verifyFirst");
      const errors = newPasswordErrors(body.motDePasse, body.confirmerMotDePasse, "motDePasse");
      if (errors.length > 0) throw validationProblem(errors);
      const emailTaken = () => new ProblemError(409, "account-exists", "accountExistsForEmail");
      if (await emailInUse(db, reg.email)) throw emailTaken();

      const passwordHash = await hashPassword(body.motDePasse);
      const { user, sid } = await db.transaction(async (tx) => {
        const locked = await loadRegistration(tx, id, resendSeconds, true);
        if (!locked.verified || !locked.chosen_tiers) throw new ProblemError(409, "registration-incomplete", "verifyFirst");
        if (await anyCompanyHasAccount(tx, locked.chosen_tiers)) throw new ProblemError(409, "account-exists", "accountExists");
        const uuidCompte = await createAccount(tx, {
          email: locked.email,
          passwordHash,
          mobile: locked.mobile,
          pays: locked.pays,
          langue: locked.langue,
          idTiers: locked.chosen_tiers,
        });
        if (!uuidCompte) throw emailTaken();
        await deleteRegistration(tx, locked.id_hash);
        const sid = await createSession(tx, uuidCompte, config.refreshTtlDays, {
          userAgent: c.req.header("user-agent"),
          clientAddress: address(c),
        });
        const user = await loadUser(tx, uuidCompte);
        if (!user) throw new Error("account missing right after its creation");
        return { user, sid };
      });
      setRefreshCookie(c, sid.refreshToken);
      // The browser that created the account is its first known device.
      await setDeviceCookie(c, user.uuidCompte, null);
      return c.json(await tokenResponse(user, sid.sid), 201);
    },
  );

  return app;
}
