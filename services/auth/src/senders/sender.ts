/** Delivers a verified login's confirmation message (go-pkgz Sender). Throws when it cannot. */
export type Sender = (address: string, text: string) => Promise<void>;
