// The development processor's dispute API for evidence (issue 49 §5): text and file evidence, accept
// and finalize, as Braintree's `dispute.*` and `documentUpload.create` calls reach it. It keeps what it
// receives (state.evidence, state.documents) so a test can see what was sent, and refuses what Braintree
// refuses: evidence, accept and finalize only while the dispute is open (95701, 95704, 95705), finalize
// without evidence (95726), a document of another type or too large (84902, 84903).
import { randomHex } from '@gatehouse/logger';
import type { RouteCall } from './routing';
import type { DevDocument, DevEvidence } from './transactions';
import { disputeXml, escapeXml } from './wire';

/** Braintree takes evidence documents of these types, up to 4 MB. */
const DOCUMENT_TYPES = new Set(['application/pdf', 'image/png', 'image/jpeg']);
export const MAX_DOCUMENT_BYTES = 4 * 1024 * 1024;

const now = () => new Date().toISOString().replace(/\.\d+Z$/, 'Z');
const text = (name: string, value: string | null) =>
  value === null ? `<${name} nil="true"/>` : `<${name}>${escapeXml(value)}</${name}>`;

function refuse(call: RouteCall, code: string, message: string) {
  call.answer.xml(
    422,
    `<api-error-response><errors><errors type="array"/><dispute><errors type="array"><error>${text('code', code)}` +
      `<attribute type="symbol">status</attribute>${text('message', message)}</error></errors></dispute></errors>` +
      `${text('message', message)}</api-error-response>`,
  );
}

function openDispute(call: RouteCall, code: string, message: string) {
  const dispute = call.state.disputes.get(call.params.id ?? '');
  if (!dispute) {
    call.answer.status(404);
    return undefined;
  }
  if (dispute.status !== 'open') {
    refuse(call, code, message);
    return undefined;
  }
  return dispute;
}

/** POST /disputes/:id/evidence: `{"evidence": {"comments"} | {"document_upload_id"}, "category"?}`. */
export function addEvidence(call: RouteCall) {
  const e = (call.body as { evidence?: Record<string, unknown> } | null)?.evidence;
  if (!e) return call.answer.violation('evidence body without "evidence"');
  const comments = typeof e.comments === 'string' ? e.comments : null;
  const documentId = typeof e.document_upload_id === 'string' ? e.document_upload_id : null;
  if ((comments === null) === (documentId === null)) {
    return call.answer.violation('evidence needs exactly one of comments and document_upload_id');
  }
  const dispute = openDispute(call, '95701', 'Evidence can only be attached to disputes that are in an Open state');
  if (!dispute) return;
  if (documentId !== null && !call.state.documents.has(documentId)) {
    return refuse(call, '95713', 'Document does not exist');
  }
  const evidence: DevEvidence = {
    id: randomHex(8),
    disputeId: dispute.id,
    comments,
    documentId,
    category: typeof e.category === 'string' ? e.category : null,
    createdAt: now(),
  };
  call.state.evidence.push(evidence);
  call.answer.xml(
    201,
    `<evidence>${text('id', evidence.id)}${text('comments', comments)}<created-at type="datetime">${evidence.createdAt}</created-at>` +
      `<sent-to-processor-at nil="true"/>${text('url', documentId && `https://dev.invalid/evidence/${documentId}`)}` +
      `${text('category', evidence.category)}<sequence-number nil="true"/></evidence>`,
  );
}

/** PUT /disputes/:id/accept: the dispute is lost on purpose (`accepted`). */
export function acceptDispute(call: RouteCall) {
  const dispute = openDispute(call, '95704', 'Disputes can only be accepted when they are in an Open state');
  if (!dispute) return;
  dispute.status = 'accepted';
  dispute.effectiveMs = Date.now();
  call.answer.xml(200, disputeXml(dispute));
}

/** PUT /disputes/:id/finalize: the evidence goes to the processor and the dispute is `disputed`. */
export function finalizeDispute(call: RouteCall) {
  const dispute = openDispute(call, '95705', 'Disputes can only be finalized when they are in an Open state');
  if (!dispute) return;
  if (!call.state.evidence.some((e) => e.disputeId === dispute.id)) {
    return refuse(call, '95726', 'A dispute cannot be finalized without evidence');
  }
  dispute.status = 'disputed';
  dispute.effectiveMs = Date.now();
  call.answer.xml(200, disputeXml(dispute));
}

/** A multipart body (the SDK's postMultipart), read with the platform's own form parser. */
export async function readMultipart(contentType: string, raw: Buffer): Promise<FormData | null> {
  try {
    return await new Request('http://dev.invalid/', {
      method: 'POST',
      headers: { 'Content-Type': contentType },
      body: raw,
    }).formData();
  } catch {
    return null;
  }
}

/** POST /document_uploads (multipart: `file`, `document_upload[kind]`). */
export async function uploadDocument(call: RouteCall) {
  const form = call.body as FormData;
  const file = form.get('file');
  const kind = form.get('document_upload[kind]');
  if (kind !== 'evidence_document') return refuse(call, '84901', 'Document kind is invalid');
  if (!(file instanceof Blob)) return refuse(call, '84904', 'File is required');
  const contentType = file.type.split(';')[0]?.trim() ?? '';
  if (!DOCUMENT_TYPES.has(contentType)) return refuse(call, '84902', 'Only PNG, JPG, JPEG, and PDF files are accepted');
  if (file.size > MAX_DOCUMENT_BYTES) return refuse(call, '84903', 'File size is limited to 4 MB');
  const doc: DevDocument = {
    id: randomHex(8),
    kind,
    name: (file as File).name ?? '',
    contentType,
    bytes: Buffer.from(await file.arrayBuffer()),
  };
  call.state.documents.set(doc.id, doc);
  call.answer.xml(
    201,
    `<document-upload>${text('id', doc.id)}${text('kind', doc.kind)}${text('content-type', doc.contentType)}` +
      `${text('name', doc.name)}<size type="integer">${doc.bytes.length}</size></document-upload>`,
  );
}
