export { loadPaymentConfig, type PaymentConfig } from './config';
export { type PaymentServiceOverrides, type RunningPaymentService, startPaymentService } from './service';
