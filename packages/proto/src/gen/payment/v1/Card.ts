// Original file: protos/payment/v1/payment.proto

import type { Long } from '@grpc/proto-loader';

export interface Card {
  'id'?: (number | string | Long);
  'name'?: (string);
  'balanceCents'?: (number | string | Long);
  'createdAt'?: (string);
  'heldCents'?: (number | string | Long);
  'frozen'?: (boolean);
  'shortfallCents'?: (number | string | Long);
}

export interface Card__Output {
  'id': (string);
  'name': (string);
  'balanceCents': (string);
  'createdAt': (string);
  'heldCents': (string);
  'frozen': (boolean);
  'shortfallCents': (string);
}
