export type * from './HttpRequest';
export type * from './HttpResponse';
export type * from './LoginHandler';
export type * from './Pair';
