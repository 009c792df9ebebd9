// The Braintree gateway's answers as the real `braintree` SDK reads them: XML whose root element
// decides success (`<transaction>`, `<client-token>`, search results) or failure
// (`<api-error-response>`), whatever the HTTP status. Container elements carry no attributes and
// arrays say `type="array"`: the SDK's XML reader collapses the former and cannot map the latter
// otherwise.

/** A sale (or a refund's credit) as the gateway keeps it: answered to the request, found again by search. */
export interface GatewayTransaction {
  id: string;
  type: 'sale' | 'credit';
  orderId: string;
  /** Two decimals, as sent. */
  amount: string;
  status: string;
  responseCode: string | null;
  responseText: string | null;
  rejection: string | null;
  card: CardDetails | null;
  /** ISO 8601 UTC, whole seconds. */
  createdAt: string;
  /** The same instant in milliseconds: settling after PAYMENT_DEV_SETTLE_AFTER is measured from it. */
  createdMs: number;
  /** A credit: the sale it refunds. */
  refundedTransactionId: string | null;
  /** A sale: its refunds' credits. */
  refundIds: string[];
}

/** A dispute as the gateway keeps it (the development processor opens them on request). */
export interface GatewayDispute {
  id: string;
  transactionId: string;
  /** Two decimals. */
  amount: string;
  /** The sale's amount. */
  transactionAmount: string;
  status: string;
  /** YYYY-MM-DD, UTC. */
  receivedDate: string;
  /** When its status last changed (search by effective date finds it from then). */
  effectiveMs: number;
}

export interface CardDetails {
  cardType: string;
  bin: string;
  last4: string;
}

/** A validation error: where it sits (`transaction`, `transaction.credit_card`), the field, code and text. */
export interface ValidationError {
  scope: 'transaction' | 'transaction.credit_card';
  attribute: string;
  code: string;
  message: string;
}

export const XML_CONTENT_TYPE = 'application/xml; charset=utf-8';

export const escapeXml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const text = (name: string, value: string | null) =>
  value === null ? `<${name} nil="true"/>` : `<${name}>${escapeXml(value)}</${name}>`;

/** An XML document, with the prolog the gateway sends. */
export const document = (body: string) => `<?xml version="1.0" encoding="UTF-8"?>\n${body}`;

export const clientTokenXml = (token: string) => `<client-token><value>${escapeXml(token)}</value></client-token>`;

function cardXml(card: CardDetails | null): string {
  if (!card) return '';
  return `<credit-card>${text('card-type', card.cardType)}${text('bin', card.bin)}${text('last-4', card.last4)}${text('masked-number', `${card.bin}******${card.last4}`)}</credit-card>`;
}

/** A transaction as the gateway renders it, in a sale's answer and in search results. */
export function transactionXml(t: GatewayTransaction): string {
  const response =
    t.responseCode === null
      ? '<processor-response-code nil="true"/>'
      : `${text('processor-response-code', t.responseCode)}${text('processor-response-text', t.responseText ?? '')}<processor-response-type>${t.responseCode === '1000' ? 'approved' : 'soft_declined'}</processor-response-type>`;
  return (
    `<transaction>${text('id', t.id)}${text('status', t.status)}${text('type', t.type)}${text('amount', t.amount)}` +
    `<currency-iso-code>USD</currency-iso-code>${text('order-id', t.orderId)}` +
    `${text('refunded-transaction-id', t.refundedTransactionId)}<refund-ids type="array">${t.refundIds.map((id) => text('item', id)).join('')}</refund-ids>` +
    `<created-at type="datetime">${t.createdAt}</created-at>${response}${text('gateway-rejection-reason', t.rejection)}` +
    `<processor-settlement-response-code></processor-settlement-response-code>${cardXml(t.card)}</transaction>`
  );
}

const paramsXml = (amount: string) =>
  `<params><transaction>${text('amount', amount)}<type>sale</type></transaction></params>`;

/** A sale the gateway decided against (declined, failed, rejected): the transaction comes along. */
export function declinedXml(t: GatewayTransaction): string {
  const message = t.rejection ? `Gateway Rejected: ${t.rejection}` : (t.responseText ?? '');
  return `<api-error-response><errors><errors type="array"/></errors>${paramsXml(t.amount)}${text('message', message)}${transactionXml(t)}</api-error-response>`;
}

/** A request the gateway refused before any transaction existed; the message is the first error's. */
export function validationXml(errors: ValidationError[], amount: string): string {
  const list = (scope: ValidationError['scope']) =>
    errors
      .filter((e) => e.scope === scope)
      .map(
        (e) =>
          `<error>${text('code', e.code)}<attribute type="symbol">${escapeXml(e.attribute)}</attribute>${text('message', e.message)}</error>`,
      )
      .join('');
  const card = list('transaction.credit_card');
  const transaction =
    `<transaction><errors type="array">${list('transaction')}</errors>` +
    `${card ? `<credit-card><errors type="array">${card}</errors></credit-card>` : ''}</transaction>`;
  return `<api-error-response><errors><errors type="array"/>${transaction}</errors>${paramsXml(amount)}${text('message', errors[0]?.message ?? '')}</api-error-response>`;
}

/** The first step of `transaction.search`: the ids that match. */
export const searchIdsXml = (ids: string[]) =>
  `<search-results><page-size type="integer">50</page-size><ids type="array">${ids.map((id) => `<item>${escapeXml(id)}</item>`).join('')}</ids></search-results>`;

/** The second step: the transactions themselves, one page. */
export const searchPageXml = (page: GatewayTransaction[]) =>
  `<credit-card-transactions type="collection"><current-page-number type="integer">1</current-page-number><page-size type="integer">50</page-size><total-items type="integer">${page.length}</total-items>${page.map(transactionXml).join('')}</credit-card-transactions>`;

/** A dispute as the gateway renders it, in search results and notifications. */
export function disputeXml(d: GatewayDispute): string {
  const date = (name: string, value: string) => `<${name} type="date">${value}</${name}>`;
  return (
    `<dispute>${text('id', d.id)}${text('amount', d.amount)}${text('amount-disputed', d.amount)}` +
    `<amount-won>0.00</amount-won><currency-iso-code>USD</currency-iso-code>${date('received-date', d.receivedDate)}` +
    `<kind>chargeback</kind>${text('status', d.status)}<reason>fraud</reason>` +
    `<transaction>${text('id', d.transactionId)}${text('amount', d.transactionAmount)}</transaction></dispute>`
  );
}

/** One page of a dispute search (`dispute.search`): the SDK pages by `page-size` and `total-items`. */
export const disputesPageXml = (page: GatewayDispute[], total: number, pageSize: number, pageNumber: number) =>
  `<disputes type="collection"><current-page-number type="integer">${pageNumber}</current-page-number><page-size type="integer">${pageSize}</page-size><total-items type="integer">${total}</total-items>${page.map(disputeXml).join('')}</disputes>`;

/** A notification as Braintree posts it (its payload is this XML, base64): kind, timestamp, subject. */
export const notificationXml = (kind: string, timestamp: Date, subject: string) =>
  `<notification><timestamp type="datetime">${timestamp.toISOString().replace(/\.\d+Z$/, 'Z')}</timestamp>${text('kind', kind)}<subject>${subject}</subject></notification>`;
