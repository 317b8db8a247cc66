// Card networks accepted in the UAE.
export const NETWORKS = [
  'Visa',
  'Mastercard',
  'American Express',
  'Diners Club International',
  'UnionPay',
  'JCB',
] as const;
export type NetworkName = (typeof NETWORKS)[number];
