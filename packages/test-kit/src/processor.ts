/** The development processor's credentials and address, as services/payment/src/processor/dev starts it. */
export interface ProcessorAddress {
  merchantId: string;
  publicKey: string;
  privateKey: string;
  url: string;
}

/** The payment service's environment for a loopback Braintree processor (PROCESSOR_*). */
export function processorEnv(fake: ProcessorAddress, timeout = '2s'): Record<string, string> {
  return {
    PROCESSOR_MERCHANT_ID: fake.merchantId,
    PROCESSOR_PUBLIC_KEY: fake.publicKey,
    PROCESSOR_PRIVATE_KEY: fake.privateKey,
    PROCESSOR_GATEWAY_URL: fake.url,
    PROCESSOR_TIMEOUT: timeout,
  };
}
