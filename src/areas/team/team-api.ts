import * as v from "valibot";
import type { ApiRequest } from "../../core/api";
import {
  InvitationAccepted,
  InvitationSent,
  InvitationView,
  TeamAnswer,
  TeamMember,
  type AcceptInvitationRequest,
  type InvitationRequest,
  type MemberChange,
} from "../../contract/team";

/** The company's members and invitations. */
export async function getTeam(request: ApiRequest, signal?: AbortSignal): Promise<TeamAnswer> {
  return v.parse(TeamAnswer, await request<unknown>("/me/team", { signal, errors: "inline" }));
}

export async function inviteMember(request: ApiRequest, body: InvitationRequest): Promise<InvitationSent> {
  return v.parse(InvitationSent, await request<unknown>("/me/team/invitations", { method: "POST", body, errors: "inline" }));
}

export async function resendInvitation(request: ApiRequest, id: string): Promise<InvitationSent> {
  const answer = await request<unknown>(`/me/team/invitations/${encodeURIComponent(id)}/resend`, { method: "POST", errors: "inline" });
  return v.parse(InvitationSent, answer);
}

export async function revokeInvitation(request: ApiRequest, id: string): Promise<void> {
  await request<unknown>(`/me/team/invitations/${encodeURIComponent(id)}`, { method: "DELETE", errors: "inline" });
}

export async function updateMember(request: ApiRequest, id: string, body: MemberChange): Promise<TeamMember> {
  return v.parse(
    TeamMember,
    await request<unknown>(`/me/team/members/${encodeURIComponent(id)}`, { method: "PATCH", body, errors: "inline" }),
  );
}

export async function removeMember(request: ApiRequest, id: string): Promise<void> {
  await request<unknown>(`/me/team/members/${encodeURIComponent(id)}`, { method: "DELETE", errors: "inline" });
}

/** What the link invites to (a POST: the token stays out of addresses and logs; it accepts nothing). */
export async function viewInvitation(request: ApiRequest, token: string, signal?: AbortSignal): Promise<InvitationView> {
  const answer = await request<unknown>("/invitations/view", {
    method: "POST",
    body: { token },
    anonymous: true,
    signal,
    errors: "inline",
  });
  return v.parse(InvitationView, answer);
}

/** Accepts with a new account (then the invitee logs in). */
export async function acceptInvitation(request: ApiRequest, body: AcceptInvitationRequest): Promise<InvitationAccepted> {
  const answer = await request<unknown>("/invitations/accept", { method: "POST", body, anonymous: true, errors: "inline" });
  return v.parse(InvitationAccepted, answer);
}

/** Accepts with the logged-in account (sent to its own address). */
export async function joinInvitation(request: ApiRequest, token: string): Promise<InvitationAccepted> {
  return v.parse(InvitationAccepted, await request<unknown>("/invitations/join", { method: "POST", body: { token }, errors: "inline" }));
}
