import type { SQL } from 'drizzle-orm';
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

/** How the catalog records a store delivery, for the one-statement path (its table stays the catalog's). */
export interface OrderDelivery {
  /** A boolean SQL expression: the delivery is not recorded yet. */
  isNew: SQL;
  /** Data-modifying CTEs (`name as (…)`, comma-separated) that record the delivery when `when` holds. */
  record(when: SQL): SQL;
}

export interface OrderIngest {
  /** Applies one order payload inside the caller's transaction (which records the delivery). */
  applyOrder(tx: Database, brandId: string, order: IncomingOrder): Promise<OrderOutcome>;
  /**
   * The common case in one statement, no transaction around it: a new delivery of a payload no older than the
   * stored order is applied and recorded together (decision 054). 'duplicate': recorded before, nothing done.
   * 'stale': an older payload, nothing done or recorded; the caller takes applyOrder's path in a transaction.
   */
  applyOrderDelivery(
    db: Database,
    brandId: string,
    order: IncomingOrder,
    delivery: OrderDelivery,
  ): Promise<OrderOutcome | 'duplicate'>;
  /** Applies one refund (Shopify `refunds/create`); it may come before its order. */
  applyRefund(
    tx: Database,
    brandId: string,
    refund: IncomingRefund & { platform: IncomingOrder['platform']; orderExternalId: string },
  ): Promise<void>;
}
