import type { Database } from '#server/db/client.ts';

/**
 * Orders as the stores report them, read from their wire formats by `integrations/*` (or built by the sample
 * store), handed by modules/catalog (which owns the store webhooks and connections) to modules/revenue, which
 * attributes and stores them. runtime.ts wires them.
 */
export interface IncomingOrderLine {
  productTitle: string;
  quantity: number;
  /** Minor units of the order's currency. */
  totalMinor: number;
}

export interface IncomingOrder {
  platform: 'shopify' | 'woocommerce' | 'sample';
  /** The store's own id: Shopify gid, WooCommerce number, sample uuid. */
  externalId: string;
  orderNumber: string;
  placedAt: Date;
  /** The store's last change to the order: the newest one wins. */
  updatedAt: Date;
  currency: string;
  totalMinor: number;
  /** What the payload says was refunded in all (minor units), when it says. */
  refundedMinor: number;
  paidAt: Date | null;
  cancelledAt: Date | null;
  lines: IncomingOrderLine[];
  /** What the order carries of our links: a link id, or (links sent before link ids) a conversation id. */
  attribution: { linkIds: string[]; conversationIds: string[] };
  /** Refunds listed on the order itself (WooCommerce `refunds[]`), each stored once. */
  refunds: IncomingRefund[];
}

export interface IncomingRefund {
  refundId: string;
  /** Positive minor units. */
  amountMinor: number;
}

export type OrderOutcome = 'stored' | 'stale' | 'unattributed';

export interface OrderIngest {
  /** Applies one order payload inside the caller's transaction (which records the delivery). */
  applyOrder(tx: Database, brandId: string, order: IncomingOrder): Promise<OrderOutcome>;
  /** Applies one refund (Shopify `refunds/create`); it may come before its order. */
  applyRefund(
    tx: Database,
    brandId: string,
    refund: IncomingRefund & { platform: IncomingOrder['platform']; orderExternalId: string },
  ): Promise<void>;
}
