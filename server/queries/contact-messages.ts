import type { Queryable } from "../db/db.ts";

/** Who sends a contact message: the account holder and the selected company, as the e-mails show them. */
export async function contactSender(db: Queryable, uuidCompte: string, idTier: string) {
  const { rows } = await db.query<{
    email: string;
    civilite: string | null;
    prenom: string | null;
    nom: string | null;
    telephone: string | null;
    mobile: string | null;
    langue: string | null;
    forme_juridique: string;
    raison_sociale: string;
    immatriculation: string;
    numero_client: string;
    pays: string;
  }>(
    `SELECT a.email, a.civilite, a.prenom, a.nom, a.telephone, a.mobile, a.langue,
            c.forme_juridique, c.raison_sociale, c.immatriculation, c.numero_client, c.pays
     FROM accounts a, companies c WHERE a.uuid_compte = $1 AND c.id_tier = $2`,
    [uuidCompte, idTier],
  );
  return rows[0];
}

export interface NewContactMessage {
  uuidCompte: string;
  idTier: string;
  service: string;
  subServiceId: number;
  subject: string;
  message: string;
  recipient: string;
  replyTo: string;
}

/** Stores a contact message; returns its id. */
export async function insertContactMessage(db: Queryable, m: NewContactMessage): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO contact_messages (uuid_compte, id_tier, service, sub_service_id, subject, message, recipient, reply_to)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
    [m.uuidCompte, m.idTier, m.service, m.subServiceId, m.subject, m.message, m.recipient, m.replyTo],
  );
  return rows[0]!.id;
}
