//! The program's arithmetic, apart from account plumbing so it is unit- and property-tested on
//! the host. LLVM's BPF backend has no 128-bit multiply, divide or variable shift (`__multi3`,
//! `__udivti3`, `__lshrti3`) and no `u64::checked_mul`, so wide products are built from 32-bit
//! halves and divided with Knuth's algorithm D for two 32-bit digits (Hacker's Delight `divlu`).

use core::hint::black_box;

use crate::constants::BPS_DENOMINATOR;

const HALF_BITS: u32 = 32;
const HALF_MASK: u64 = 0xffff_ffff;
const HALF_BASE: u64 = 1 << HALF_BITS;

/// The full 128-bit product of two u64, as (high, low) words.
#[inline(always)]
pub fn widening_mul(a: u64, b: u64) -> (u64, u64) {
    // LLVM recognises this schoolbook product and folds it back into an i128 multiply
    // (`__multi3`, which BPF lacks); passing the halves through `black_box` keeps them apart.
    let (a_hi, a_lo) = (black_box(a >> HALF_BITS), black_box(a & HALF_MASK));
    let (b_hi, b_lo) = (black_box(b >> HALF_BITS), black_box(b & HALF_MASK));
    let lo_lo = a_lo * b_lo;
    let hi_lo = a_hi * b_lo;
    let lo_hi = a_lo * b_hi;
    let hi_hi = a_hi * b_hi;
    // The middle column can carry one bit past 64: sum it in pieces.
    let middle = (lo_lo >> HALF_BITS) + (hi_lo & HALF_MASK) + (lo_hi & HALF_MASK);
    let low = (middle << HALF_BITS) | (lo_lo & HALF_MASK);
    let high = hi_hi + (hi_lo >> HALF_BITS) + (lo_hi >> HALF_BITS) + (middle >> HALF_BITS);
    (high, low)
}

/// The full 128-bit product of `a`, given as its 32-bit halves (`a_hi`, `a_lo`, each below 2³²),
/// and `b`, as (high, low) words. Without `black_box`: halves that were read from memory as two
/// loads do not match the schoolbook pattern LLVM folds back into an i128 multiply (which needs
/// all four halves split from two u64 values), so no barrier is needed and none of the four
/// halves goes through the stack (~16 CU less than `widening_mul` in a claim).
#[inline(always)]
pub fn widening_mul_of_halves(a_hi: u64, a_lo: u64, b: u64) -> (u64, u64) {
    let (b_hi, b_lo) = (b >> HALF_BITS, b & HALF_MASK);
    let lo_lo = a_lo * b_lo;
    let hi_lo = a_hi * b_lo;
    let lo_hi = a_lo * b_hi;
    let hi_hi = a_hi * b_hi;
    let middle = (lo_lo >> HALF_BITS) + (hi_lo & HALF_MASK) + (lo_hi & HALF_MASK);
    let low = (middle << HALF_BITS) | (lo_lo & HALF_MASK);
    let high = hi_hi + (hi_lo >> HALF_BITS) + (lo_hi >> HALF_BITS) + (middle >> HALF_BITS);
    (high, low)
}

/// Divides the 128-bit number (high, low) by `divisor`, returning (quotient, remainder), or
/// `None` when the divisor is zero or the quotient does not fit in 64 bits (high >= divisor).
#[inline(always)]
pub fn div_wide(high: u64, low: u64, divisor: u64) -> Option<(u64, u64)> {
    if divisor == 0 || high >= divisor {
        return None;
    }
    if high == 0 {
        return Some((low / divisor, low % divisor));
    }
    // Normalise so the divisor's top bit is set; then each quotient digit estimate is off by at most 2.
    let shift = divisor.leading_zeros();
    let divisor = divisor << shift;
    let (divisor_hi, divisor_lo) = (divisor >> HALF_BITS, divisor & HALF_MASK);
    let numerator_top = if shift == 0 { high } else { (high << shift) | (low >> (64 - shift)) };
    let numerator_low = low << shift;
    let (low_hi, low_lo) = (numerator_low >> HALF_BITS, numerator_low & HALF_MASK);

    let quotient_hi = estimate_digit(numerator_top, low_hi, divisor_hi, divisor_lo);
    let partial = numerator_top
        .wrapping_mul(HALF_BASE)
        .wrapping_add(low_hi)
        .wrapping_sub(quotient_hi.wrapping_mul(divisor));
    let quotient_lo = estimate_digit(partial, low_lo, divisor_hi, divisor_lo);
    let remainder = partial
        .wrapping_mul(HALF_BASE)
        .wrapping_add(low_lo)
        .wrapping_sub(quotient_lo.wrapping_mul(divisor))
        >> shift;
    Some((quotient_hi * HALF_BASE + quotient_lo, remainder))
}

/// One 32-bit quotient digit of (top·2³² + next) / (divisor_hi·2³² + divisor_lo), corrected.
#[inline(always)]
fn estimate_digit(top: u64, next: u64, divisor_hi: u64, divisor_lo: u64) -> u64 {
    // divisor_hi is never zero (the divisor was normalised); `checked_div` keeps the
    // compiler's division-by-zero panic (and its panic location data) out of the program.
    let Some(mut digit) = top.checked_div(divisor_hi) else { return 0 };
    let mut remainder = top - digit * divisor_hi;
    while digit >= HALF_BASE || digit * divisor_lo > HALF_BASE * remainder + next {
        digit -= 1;
        remainder += divisor_hi;
        if remainder >= HALF_BASE {
            break;
        }
    }
    digit
}

/// floor(a · b / divisor), or `None` on a zero divisor or a result above u64.
#[inline(always)]
pub fn mul_div_floor(a: u64, b: u64, divisor: u64) -> Option<u64> {
    let (high, low) = widening_mul(a, b);
    div_wide(high, low, divisor).map(|(quotient, _)| quotient)
}

/// a · b, or `None` if it does not fit in u64 (`u64::checked_mul` does not lower on BPF).
#[inline(always)]
pub fn checked_mul(a: u64, b: u64) -> Option<u64> {
    match widening_mul(a, b) {
        (0, low) => Some(low),
        _ => None,
    }
}

/// How a revenue deposit is divided. The investors' part takes the rounding remainder of the
/// other two, so the parts always sum to the deposit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RevenueSplit {
    pub publishers: u64,
    pub investors: u64,
    pub platform: u64,
}

/// Splits `amount` by basis points (which the platform guarantees sum to 10 000).
#[inline(always)]
pub fn split_revenue(amount: u64, publisher_bps: u16, platform_bps: u16) -> Option<RevenueSplit> {
    let publishers = mul_div_floor(amount, publisher_bps as u64, BPS_DENOMINATOR)?;
    let platform = mul_div_floor(amount, platform_bps as u64, BPS_DENOMINATOR)?;
    let investors = amount.checked_sub(publishers)?.checked_sub(platform)?;
    Some(RevenueSplit { publishers, investors, platform })
}

/// A part of `total` proportional to `weight / total_weight`, rounded down.
#[inline(always)]
pub fn pro_rata(total: u64, weight: u64, total_weight: u64) -> Option<u64> {
    if weight > total_weight {
        return None;
    }
    mul_div_floor(total, weight, total_weight)
}

/// The increase of the Q64.64 revenue-per-share accumulator when `amount` lamports are shared
/// by `total_shares`: floor(amount · 2⁶⁴ / total_shares).
#[inline(always)]
pub fn revenue_per_share_increment(amount: u64, total_shares: u64) -> Option<u128> {
    if total_shares == 0 {
        return None;
    }
    let whole = amount / total_shares;
    let remainder = amount % total_shares;
    let (fraction, _) = div_wide(remainder, 0, total_shares)?;
    Some(((whole as u128) << 64) | fraction as u128)
}

/// What `shares` have earned while the accumulator rose by `delta`: floor(shares · delta / 2⁶⁴).
///
/// While the accumulator has risen by less than one lamport per share (revenue below what was
/// raised, the usual case) its whole part is zero and one 64-bit product is enough.
#[inline(always)]
pub fn accrued_revenue(shares: u64, delta: u128) -> Option<u64> {
    let (delta_hi, delta_lo) = ((delta >> 64) as u64, delta as u64);
    let (carry, _) = widening_mul(shares, delta_lo);
    if delta_hi == 0 {
        return Some(carry);
    }
    let (overflow, whole) = widening_mul(shares, delta_hi);
    if overflow != 0 {
        return None;
    }
    whole.checked_add(carry)
}

/// `accrued_revenue` of shares given as their 32-bit halves (`Investment::shares_halves`).
#[inline(always)]
pub fn accrued_revenue_of_halves(shares_hi: u64, shares_lo: u64, delta: u128) -> Option<u64> {
    let (delta_hi, delta_lo) = ((delta >> 64) as u64, delta as u64);
    let (carry, _) = widening_mul_of_halves(shares_hi, shares_lo, delta_lo);
    if delta_hi == 0 {
        return Some(carry);
    }
    let (overflow, whole) = widening_mul_of_halves(shares_hi, shares_lo, delta_hi);
    if overflow != 0 {
        return None;
    }
    whole.checked_add(carry)
}

/// One deposit as `distribute_revenue` shares it out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RevenueAllocation {
    /// `publishers` is what the embeds were credited (the sum of `credits`); `investors` includes
    /// the publishers' rounding remainder, or their whole part when no embed had a view.
    pub split: RevenueSplit,
    /// Sum of the embeds' views.
    pub total_views: u64,
}

/// Splits `amount` by basis points, then the publishers' part pro rata to `views`, writing each
/// embed's lamports to `credits[i]` (which must be at least as long as `views`). What the pro-rata
/// rounding leaves over, and the publishers' whole part when the views sum to 0, goes to the
/// investors, so the three parts still sum to `amount`. `None` on overflow of the views' sum.
#[inline(always)]
pub fn allocate_revenue(
    amount: u64,
    publisher_bps: u16,
    platform_bps: u16,
    views: &[u64],
    credits: &mut [u64],
) -> Option<RevenueAllocation> {
    let split = split_revenue(amount, publisher_bps, platform_bps)?;
    let mut total_views: u64 = 0;
    for view_count in views {
        total_views = total_views.checked_add(*view_count)?;
    }
    let mut credited: u64 = 0;
    for (index, view_count) in views.iter().enumerate() {
        let credit = if total_views == 0 { 0 } else { pro_rata(split.publishers, *view_count, total_views)? };
        *credits.get_mut(index)? = credit;
        credited = credited.checked_add(credit)?;
    }
    let remainder = split.publishers.checked_sub(credited)?;
    Some(RevenueAllocation {
        split: RevenueSplit {
            publishers: credited,
            investors: split.investors.checked_add(remainder)?,
            platform: split.platform,
        },
        total_views,
    })
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    #[test]
    fn widening_mul_edges() {
        assert_eq!(widening_mul(u64::MAX, u64::MAX), (u64::MAX - 1, 1));
        assert_eq!(widening_mul(0, u64::MAX), (0, 0));
        assert_eq!(widening_mul(1 << 32, 1 << 32), (1, 0));
    }

    #[test]
    fn div_wide_edges() {
        assert_eq!(div_wide(0, 10, 0), None);
        assert_eq!(div_wide(5, 0, 5), None);
        assert_eq!(div_wide(u64::MAX - 1, u64::MAX, u64::MAX), Some((u64::MAX, u64::MAX - 1)));
        assert_eq!(div_wide(1, 0, 2), Some((1 << 63, 0)));
    }

    #[test]
    fn spec_split_of_one_sol() {
        let split = split_revenue(1_000_000_000, 4_000, 250).unwrap();
        assert_eq!(split, RevenueSplit { publishers: 400_000_000, investors: 575_000_000, platform: 25_000_000 });
    }

    #[test]
    fn split_keeps_every_lamport() {
        let split = split_revenue(7, 4_000, 250).unwrap();
        assert_eq!(split, RevenueSplit { publishers: 2, investors: 5, platform: 0 });
    }

    #[test]
    fn accumulator_pays_a_sole_holder_everything() {
        let increment = revenue_per_share_increment(575_000_000, 10_000_000_000).unwrap();
        assert_eq!(accrued_revenue(10_000_000_000, increment), Some(574_999_999));
        let exact = revenue_per_share_increment(1_000, 1_000).unwrap();
        assert_eq!(exact, 1u128 << 64);
        assert_eq!(accrued_revenue(1_000, exact), Some(1_000));
    }

    #[test]
    fn checked_mul_detects_overflow() {
        assert_eq!(checked_mul(1 << 32, 1 << 31), Some(1 << 63));
        assert_eq!(checked_mul(1 << 32, 1 << 32), None);
    }


    #[test]
    fn allocation_credits_embeds_by_views_and_gives_the_remainder_to_investors() {
        let mut credits = [0u64; 3];
        // 1 SOL: 0.4 to publishers over 1 + 1 + 1 views -> 133_333_333 each, 1 lamport left over.
        let allocation = allocate_revenue(1_000_000_000, 4_000, 250, &[1, 1, 1], &mut credits).unwrap();
        assert_eq!(credits, [133_333_333; 3]);
        assert_eq!(allocation, RevenueAllocation {
            split: RevenueSplit { publishers: 399_999_999, investors: 575_000_001, platform: 25_000_000 },
            total_views: 3,
        });
    }

    #[test]
    fn allocation_without_views_gives_the_publishers_part_to_investors() {
        let mut credits = [7u64; 2];
        let allocation = allocate_revenue(1_000, 4_000, 250, &[0, 0], &mut credits).unwrap();
        assert_eq!(credits, [0, 0]);
        assert_eq!(allocation.split, RevenueSplit { publishers: 0, investors: 975, platform: 25 });
        let none = allocate_revenue(1_000, 4_000, 250, &[], &mut []).unwrap();
        assert_eq!(none.split, RevenueSplit { publishers: 0, investors: 975, platform: 25 });
        assert_eq!(none.total_views, 0);
    }

    #[test]
    fn allocation_rejects_overflowing_views_and_short_credit_buffers() {
        assert_eq!(allocate_revenue(1_000, 4_000, 250, &[u64::MAX, 1], &mut [0; 2]), None);
        assert_eq!(allocate_revenue(1_000, 4_000, 250, &[1, 1], &mut [0; 1]), None);
    }

    proptest! {
        #[test]
        fn widening_mul_matches_u128(a: u64, b: u64) {
            let product = a as u128 * b as u128;
            prop_assert_eq!(widening_mul(a, b), ((product >> 64) as u64, product as u64));
        }

        #[test]
        fn div_wide_matches_u128(high: u64, low: u64, divisor in 1u64..) {
            let numerator = ((high as u128) << 64) | low as u128;
            let expected = if high >= divisor { None } else {
                Some(((numerator / divisor as u128) as u64, (numerator % divisor as u128) as u64))
            };
            prop_assert_eq!(div_wide(high, low, divisor), expected);
        }

        #[test]
        fn div_wide_matches_u128_small_divisors(high in 0u64..1000, low: u64, divisor in 1u64..u32::MAX as u64) {
            let numerator = ((high as u128) << 64) | low as u128;
            let expected = if high >= divisor { None } else {
                Some(((numerator / divisor as u128) as u64, (numerator % divisor as u128) as u64))
            };
            prop_assert_eq!(div_wide(high, low, divisor), expected);
        }

        #[test]
        fn mul_div_floor_matches_u128(a: u64, b: u64, divisor in 1u64..) {
            let exact = a as u128 * b as u128 / divisor as u128;
            let expected = u64::try_from(exact).ok();
            prop_assert_eq!(mul_div_floor(a, b, divisor), expected);
        }

        #[test]
        fn split_sums_to_the_deposit(amount: u64, publisher_bps in 0u16..=10_000, platform_share in 0u16..=10_000) {
            let platform_bps = platform_share.min(10_000 - publisher_bps);
            let split = split_revenue(amount, publisher_bps, platform_bps).unwrap();
            prop_assert_eq!(split.publishers as u128 + split.investors as u128 + split.platform as u128, amount as u128);
            prop_assert_eq!(split.publishers as u128, amount as u128 * publisher_bps as u128 / 10_000);
        }

        #[test]
        fn increment_matches_u128(amount: u64, total_shares in 1u64..) {
            let expected = ((amount as u128) << 64) / total_shares as u128;
            prop_assert_eq!(revenue_per_share_increment(amount, total_shares), Some(expected));
        }

        /// Holders' claims never exceed the deposit, and lose less than one lamport each.
        #[test]
        fn claims_never_exceed_the_deposit(amount in 0u64..=u64::MAX / 2, holdings in proptest::collection::vec(1u64..1u64 << 40, 1..8)) {
            let total: u64 = holdings.iter().sum();
            let increment = revenue_per_share_increment(amount, total).unwrap();
            let paid: u128 = holdings.iter().map(|shares| accrued_revenue(*shares, increment).unwrap() as u128).sum();
            prop_assert!(paid <= amount as u128);
            prop_assert!(amount as u128 - paid <= holdings.len() as u128);
        }

        #[test]
        fn accrued_matches_u256_reference(shares: u64, delta: u128) {
            // shares · delta < 2^192: compute it exactly from 64-bit limbs.
            let lo = shares as u128 * (delta as u64) as u128;
            let hi = shares as u128 * (delta >> 64);
            let whole = hi + (lo >> 64);
            let expected = u64::try_from(whole).ok();
            prop_assert_eq!(accrued_revenue(shares, delta), expected);
        }
        #[test]
        fn widening_mul_of_halves_matches_u128(a: u64, b: u64) {
            let product = a as u128 * b as u128;
            prop_assert_eq!(widening_mul_of_halves(a >> 32, a & HALF_MASK, b), ((product >> 64) as u64, product as u64));
        }

        #[test]
        fn accrued_revenue_of_halves_is_accrued_revenue(shares: u64, delta: u128) {
            prop_assert_eq!(accrued_revenue_of_halves(shares >> 32, shares & HALF_MASK, delta), accrued_revenue(shares, delta));
        }

        #[test]
        fn accrued_revenue_of_halves_below_one_lamport_per_share(shares: u64, delta in 0u128..1u128 << 64) {
            prop_assert_eq!(accrued_revenue_of_halves(shares >> 32, shares & HALF_MASK, delta), accrued_revenue(shares, delta));
        }

        /// Below one lamport per share (delta < 2⁶⁴, where `accrued_revenue` takes its one-product
        /// path) the result is still floor(shares · delta / 2⁶⁴), carries from the low word included.
        #[test]
        fn accrued_below_one_lamport_per_share_matches_u128(shares: u64, delta in 0u128..1u128 << 64) {
            let expected = ((shares as u128 * delta) >> 64) as u64;
            prop_assert_eq!(accrued_revenue(shares, delta), Some(expected));
        }

        /// Every lamport of a deposit lands in exactly one part; each embed gets its floor share.
        #[test]
        fn allocation_keeps_every_lamport(
            amount: u64,
            views in proptest::collection::vec(0u64..1u64 << 40, 0..=16),
        ) {
            let mut credits = [0u64; 16];
            let allocation = allocate_revenue(amount, 4_000, 250, &views, &mut credits).unwrap();
            let split = split_revenue(amount, 4_000, 250).unwrap();
            let total_views: u128 = views.iter().map(|view_count| *view_count as u128).sum();
            prop_assert_eq!(allocation.total_views as u128, total_views);
            let credited: u128 = credits.iter().map(|credit| *credit as u128).sum();
            prop_assert_eq!(credited, allocation.split.publishers as u128);
            prop_assert_eq!(
                allocation.split.publishers as u128 + allocation.split.investors as u128 + allocation.split.platform as u128,
                amount as u128
            );
            prop_assert_eq!(allocation.split.platform, split.platform);
            for (index, view_count) in views.iter().enumerate() {
                let expected = if total_views == 0 { 0 } else { split.publishers as u128 * *view_count as u128 / total_views };
                prop_assert_eq!(credits[index] as u128, expected);
            }
            // The remainder given to investors is below one lamport per embed (or the whole part without views).
            let remainder = split.publishers - allocation.split.publishers;
            if total_views > 0 {
                prop_assert!((remainder as usize) < views.len().max(1));
            } else {
                prop_assert_eq!(remainder, split.publishers);
            }
        }

        /// Investors claiming at arbitrary moments between deposits never take more, in total,
        /// than `accrued_revenue(total_shares, accumulator)` (what distribute_revenue records as
        /// investor_revenue_lamports), which itself never exceeds what was deposited for them.
        #[test]
        fn interleaved_claims_never_exceed_the_recorded_investor_revenue(
            holdings in proptest::collection::vec(1u64..1u64 << 40, 1..6),
            deposits in proptest::collection::vec((0u64..1u64 << 50, proptest::collection::vec(any::<bool>(), 6)), 1..8),
        ) {
            let total_shares: u64 = holdings.iter().sum();
            let mut accumulator: u128 = 0;
            let mut checkpoints = [0u128; 6];
            let mut claimed: u128 = 0;
            let mut deposited: u128 = 0;
            for (amount, claims_now) in &deposits {
                accumulator += revenue_per_share_increment(*amount, total_shares).unwrap();
                deposited += *amount as u128;
                let recorded = accrued_revenue(total_shares, accumulator).unwrap() as u128;
                for (holder, shares) in holdings.iter().enumerate() {
                    if claims_now[holder] {
                        claimed += accrued_revenue(*shares, accumulator - checkpoints[holder]).unwrap() as u128;
                        checkpoints[holder] = accumulator;
                    }
                }
                prop_assert!(claimed <= recorded);
                prop_assert!(recorded <= deposited);
                // The accumulator loses less than one lamport over all deposits (T·acc > 2⁶⁴·(deposited − n)).
                prop_assert!(deposited - recorded <= deposits.len() as u128);
            }
        }
    }
}
