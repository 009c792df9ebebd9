export type * from './AvatarService';
export type * from './GetAvatarRequest';
export type * from './GetAvatarResponse';
export type * from './StoreAvatarResponse';
export type * from './StoreContentRequest';
export type * from './StoreFromUrlRequest';
