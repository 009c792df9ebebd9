import { AppError, errorCodes } from '@gatehouse/errors';

/** The trail's and the webhooks' error codes. */
export const EventsErrors = errorCodes(
  'EVENTS_DISABLED',
  'EVENTS_BAD_INPUT',
  'WEBHOOK_NOT_FOUND',
  'DELIVERY_NOT_FOUND',
);

export const eventsErrors = {
  disabled: () =>
    new AppError('failed_precondition', EventsErrors.EVENTS_DISABLED, 'events need a database (DATABASE_URL)'),
  badInput: (why: string) => new AppError('invalid_argument', EventsErrors.EVENTS_BAD_INPUT, why),
  webhookNotFound: () => new AppError('not_found', EventsErrors.WEBHOOK_NOT_FOUND, 'no webhook has this id'),
  deliveryNotFound: () =>
    new AppError('not_found', EventsErrors.DELIVERY_NOT_FOUND, 'this webhook has no delivery of this id'),
};
