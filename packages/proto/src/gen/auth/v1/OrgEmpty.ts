// Original file: protos/auth/v1/organizations.proto


export interface OrgEmpty {
}

export interface OrgEmpty__Output {
}
