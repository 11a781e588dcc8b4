/**
 * Roles, declared once (issue 29): what each role of an account in a company may read (R) or change
 * (W), module by module, and which module every protected operation of the API belongs to. The
 * server enforces it (server/http/roles.ts), its authorization sweep is generated from it
 * (server/security/roles.test.ts) and the elements hide what a role cannot use with it (routes,
 * menu entries, dashboard tiles).
 */
import * as v from "valibot";

/** The roles of an account in one of its companies; registration makes the registrant `owner`. */
export const ROLES = ["owner", "full", "accountant", "workshop", "read-only"] as const;
export type Role = (typeof ROLES)[number];
export const RoleSchema = v.picklist(ROLES);

/**
 * - `invoices`: invoices, their PDF and yearly archives;
 * - `fleet`: the product fleet (families, their documents) and service requests;
 * - `basket`: the company's basket requests;
 * - `company`: the company's data (and its 3-year confirmation) and bank details;
 * - `team`: the company's members and their roles;
 * - `own`: the account's own personal data, password and devices.
 */
export const MODULES = ["invoices", "fleet", "basket", "company", "team", "own"] as const;
export type Module = (typeof MODULES)[number];

/** R: read; W: change (which includes reading). */
export type Permission = "R" | "W";
type Grant = "" | "R" | "RW";

/** The table of issue 29's "Precisions": module × role. */
export const PERMISSIONS: Readonly<Record<Module, Readonly<Record<Role, Grant>>>> = {
  invoices: { owner: "R", full: "R", accountant: "R", workshop: "", "read-only": "R" },
  fleet: { owner: "RW", full: "RW", accountant: "", workshop: "RW", "read-only": "R" },
  basket: { owner: "RW", full: "RW", accountant: "", workshop: "", "read-only": "R" },
  company: { owner: "RW", full: "RW", accountant: "R", workshop: "", "read-only": "R" },
  team: { owner: "RW", full: "R", accountant: "", workshop: "", "read-only": "" },
  own: { owner: "RW", full: "RW", accountant: "RW", workshop: "RW", "read-only": "RW" },
};

/** True when `role` may read (R) or change (W) `module`. */
export function can(role: Role, module: Module, permission: Permission): boolean {
  return PERMISSIONS[module][role].includes(permission);
}

/** Only who may change the company's data confirms it (every 3 years): owner and full. */
export function confirmsCompanyData(role: Role): boolean {
  return can(role, "company", "W");
}

/**
 * What a protected operation needs: a module and R or W, or `every-role` for the company's
 * operations that belong to no module (its adviser, the contact form, the dashboard's counts,
 * filtered by role: server/routes/summary.ts).
 */
export type Requirement = readonly [Module, Permission] | "every-role";

/**
 * Every protected operation of the API (its `operationId`), with what it needs. The server applies
 * it to each (an operation missing here is refused to every role but owner), and the sweep checks
 * that every protected operation of the OpenAPI document has an entry and answers accordingly.
 */
export const OPERATION_PERMISSIONS = {
  // The account's own: its login, password, e-mail change, session.
  getMe: ["own", "R"],
  logout: ["own", "W"],
  getPasswordState: ["own", "R"],
  changePassword: ["own", "W"],
  cancelEmailChange: ["own", "W"],
  // "My information": the personal data, and the company's read beside them; its save writes (and
  // confirms) the company's fields for a role with company W only (server/routes/profile.ts).
  getProfile: ["own", "R"],
  putProfile: ["own", "W"],
  confirmInformation: ["company", "W"],
  getBankDetails: ["company", "R"],
  getBankDetailsRib: ["company", "R"],
  postBankDetails: ["company", "W"],
  listInvoices: ["invoices", "R"],
  getInvoicePdf: ["invoices", "R"],
  getInvoiceArchive: ["invoices", "R"],
  listProducts: ["fleet", "R"],
  getProduct: ["fleet", "R"],
  getDocument: ["fleet", "R"],
  listServiceRequests: ["fleet", "R"],
  getServiceRequest: ["fleet", "R"],
  getServiceRequestPhoto: ["fleet", "R"],
  postServiceRequest: ["fleet", "W"],
  postServiceRequestPhoto: ["fleet", "W"],
  getServiceRequestVideo: ["fleet", "R"],
  postServiceRequestVideo: ["fleet", "W"],
  getServiceRequestTimeline: ["fleet", "R"],
  cancelServiceRequest: ["fleet", "W"],
  postServiceRequestMessage: ["fleet", "W"],
  getMyBasketRequests: ["basket", "R"],
  /** A visitor sends one too: the role applies to a company's token only. */
  postBasketRequest: ["basket", "W"],
  // The company's team (issue 29 step 2): the owner manages it, full reads it.
  getTeam: ["team", "R"],
  inviteMember: ["team", "W"],
  resendInvitation: ["team", "W"],
  revokeInvitation: ["team", "W"],
  updateMember: ["team", "W"],
  removeMember: ["team", "W"],
  /** An existing account takes an invitation sent to its own address: its own business. */
  joinInvitation: ["own", "W"],
  // The account's own devices and activity (issue 29 step 3); its owner also reads the team's
  // activity in the listing (team W: server/routes/security.ts).
  listDevices: ["own", "R"],
  signOutDevice: ["own", "W"],
  signOutOtherDevices: ["own", "W"],
  listActivity: ["own", "R"],
  recordCompanySwitch: ["own", "R"],
  // What needs the customer (issue 30): every role, each told only what its role reads (server/routes/notifications.ts).
  getNotifications: "every-role",
  getNotificationHistory: "every-role",
  // The account's own choice of what it is sent, and how.
  getNotificationPreferences: ["own", "R"],
  putNotificationPreferences: ["own", "W"],
  putNotificationState: "every-role",
  getAdviser: "every-role",
  postContact: "every-role",
  getSummary: "every-role",
} as const satisfies Record<string, Requirement>;

export type ProtectedOperationId = keyof typeof OPERATION_PERMISSIONS;

/** What the operation `operationId` needs; undefined for one not declared (only an owner passes). */
export function requirementOf(operationId: string): Requirement | undefined {
  return Object.hasOwn(OPERATION_PERMISSIONS, operationId) ? OPERATION_PERMISSIONS[operationId as ProtectedOperationId] : undefined;
}

/** True when `role` may call the operation `operationId` (an undeclared one: owner only). */
export function mayCall(role: Role, operationId: string): boolean {
  const requirement = requirementOf(operationId);
  if (requirement === undefined) return role === "owner";
  if (requirement === "every-role") return true;
  return can(role, requirement[0], requirement[1]);
}
