export type * from './CreateClientTokenRequest';
export type * from './CreateClientTokenResponse';
export type * from './LoadCardRequest';
export type * from './LoadCardResponse';
export type * from './PaymentService';
