-- Coupon uses, counted by the database in the statement that creates the operation paying a transfer cart (the
-- wallet debit of the transfer, whatever the route or the worker does): the coupon's row is locked first, so
-- concurrent payments with one coupon take turns and each sees the uses committed before it (SELECT ... FOR UPDATE
-- reads the newest version once it has the lock; every later statement of the function takes a fresh snapshot).
-- A coupon that no longer applies raises SQLSTATE WC001 with the message id as its message: the whole statement
-- fails, so no money moves.
CREATE FUNCTION transfer_coupon_redeem() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  cart record;
  coupon record;
  used_by_user integer;
BEGIN
  SELECT coupon_id, discount_minor INTO cart FROM transfer_carts WHERE id = NEW.cart_id;
  IF cart.coupon_id IS NULL THEN
    RETURN NULL;
  END IF;
  -- The row lock: a concurrent redemption of this coupon waits here, then reads the row as that one left it.
  SELECT enabled, valid_from, valid_until, max_uses, uses, max_uses_per_user INTO coupon
  FROM coupons WHERE id = cart.coupon_id FOR UPDATE;
  -- In the order of domain/coupon.ts couponRefusal.
  IF NOT coupon.enabled THEN
    RAISE EXCEPTION 'coupon.disabled' USING ERRCODE = 'WC001';
  ELSIF now() < coupon.valid_from THEN
    RAISE EXCEPTION 'coupon.notYetValid' USING ERRCODE = 'WC001';
  ELSIF coupon.valid_until IS NOT NULL AND now() >= coupon.valid_until THEN
    RAISE EXCEPTION 'coupon.expired' USING ERRCODE = 'WC001';
  ELSIF coupon.max_uses IS NOT NULL AND coupon.uses >= coupon.max_uses THEN
    RAISE EXCEPTION 'coupon.usedUp' USING ERRCODE = 'WC001';
  END IF;
  IF coupon.max_uses_per_user IS NOT NULL THEN
    SELECT count(*) INTO used_by_user FROM coupon_redemptions
    WHERE coupon_id = cart.coupon_id AND user_id = NEW.user_id AND released_at IS NULL;
    IF used_by_user >= coupon.max_uses_per_user THEN
      RAISE EXCEPTION 'coupon.usedUpByYou' USING ERRCODE = 'WC001';
    END IF;
  END IF;
  UPDATE coupons SET uses = uses + 1 WHERE id = cart.coupon_id;
  INSERT INTO coupon_redemptions (coupon_id, cart_id, user_id, operation_id, discount_minor)
  VALUES (cart.coupon_id, NEW.cart_id, NEW.user_id, NEW.id, cart.discount_minor);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER wallet_operations_coupon_redeem AFTER INSERT ON wallet_operations
  FOR EACH ROW WHEN (NEW.cart_id IS NOT NULL) EXECUTE FUNCTION transfer_coupon_redeem();
--> statement-breakpoint
-- A payment that failed (its payout was refused, the money is back in the wallet) gives its coupon use back.
CREATE FUNCTION transfer_coupon_release() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH released AS (
    UPDATE coupon_redemptions SET released_at = now()
    WHERE operation_id = NEW.id AND released_at IS NULL
    RETURNING coupon_id
  )
  UPDATE coupons SET uses = uses - 1 WHERE id IN (SELECT coupon_id FROM released);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER wallet_operations_coupon_release AFTER UPDATE OF status ON wallet_operations
  FOR EACH ROW WHEN (NEW.cart_id IS NOT NULL AND NEW.status = 'Failed' AND OLD.status <> 'Failed')
  EXECUTE FUNCTION transfer_coupon_release();
