//! The few special functions the lab's statistics need: the log-gamma
//! function, the regularized upper incomplete gamma function (the
//! chi-square tail), and the two-sided 95% Student t quantile.
//!
//! Hand-written rather than a statistics crate (statrs brings nalgebra and
//! several hundred KB to the wasm): these are forty lines of textbook
//! numerics (Lanczos; the series and Lentz's continued fraction of Numerical
//! Recipes §6.2), checked in the tests against published tables.

/// ln Γ(x) for x > 0 (Lanczos, g = 7, nine terms: about 15 digits).
pub fn ln_gamma(x: f64) -> f64 {
    const G: f64 = 7.0;
    const C: [f64; 9] = [
        0.999_999_999_999_809_9,
        676.520_368_121_885_1,
        -1_259.139_216_722_402_8,
        771.323_428_777_653_1,
        -176.615_029_162_140_6,
        12.507_343_278_686_905,
        -0.138_571_095_265_720_12,
        9.984_369_578_019_572e-6,
        1.505_632_735_149_311_6e-7,
    ];
    if x < 0.5 {
        // Reflection: Γ(x)Γ(1-x) = π / sin(πx).
        let pi = std::f64::consts::PI;
        return (pi / (pi * x).sin()).ln() - ln_gamma(1.0 - x);
    }
    let x = x - 1.0;
    let mut sum = C[0];
    for (i, &c) in C.iter().enumerate().skip(1) {
        sum += c / (x + i as f64);
    }
    let t = x + G + 0.5;
    0.5 * (2.0 * std::f64::consts::PI).ln() + (x + 0.5) * t.ln() - t + sum.ln()
}

/// Q(a, x) = Γ(a, x) / Γ(a): the upper tail of the gamma distribution.
pub fn gamma_q(a: f64, x: f64) -> f64 {
    if x <= 0.0 {
        return 1.0;
    }
    if x < a + 1.0 {
        1.0 - gamma_p_series(a, x)
    } else {
        gamma_q_fraction(a, x)
    }
}

/// The p-value of a chi-square statistic with `df` degrees of freedom.
pub fn chi_square_p(statistic: f64, df: f64) -> f64 {
    gamma_q(df / 2.0, statistic / 2.0).clamp(0.0, 1.0)
}

/// Enough terms for a = 50,000 (4 x 4's 100352 trees): both expansions
/// converge in a few times √a steps.
const MAX_TERMS: usize = 1_000_000;

fn gamma_p_series(a: f64, x: f64) -> f64 {
    let (mut ap, mut term) = (a, 1.0 / a);
    let mut sum = term;
    for _ in 0..MAX_TERMS {
        ap += 1.0;
        term *= x / ap;
        sum += term;
        if term.abs() < sum.abs() * 1e-15 {
            break;
        }
    }
    sum * (-x + a * x.ln() - ln_gamma(a)).exp()
}

fn gamma_q_fraction(a: f64, x: f64) -> f64 {
    const TINY: f64 = 1e-300;
    let mut b = x + 1.0 - a;
    let mut c = 1.0 / TINY;
    let mut d = 1.0 / b;
    let mut h = d;
    for i in 1..MAX_TERMS {
        let an = -(i as f64) * (i as f64 - a);
        b += 2.0;
        d = an * d + b;
        if d.abs() < TINY {
            d = TINY;
        }
        c = b + an / c;
        if c.abs() < TINY {
            c = TINY;
        }
        d = 1.0 / d;
        let step = d * c;
        h *= step;
        if (step - 1.0).abs() < 1e-15 {
            break;
        }
    }
    (-x + a * x.ln() - ln_gamma(a)).exp() * h
}

/// The t value that leaves 2.5% in each tail with `df` degrees of freedom:
/// the table for up to 30, then the Cornish-Fisher expansion around the
/// normal's 1.96 (within 0.001 of the table at 30).
pub fn t95(df: u64) -> f64 {
    const TABLE: [f64; 30] = [
        12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.160,
        2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086, 2.080, 2.074, 2.069, 2.064, 2.060, 2.056,
        2.052, 2.048, 2.045, 2.042,
    ];
    match df {
        0 => f64::INFINITY,
        1..=30 => TABLE[df as usize - 1],
        _ => {
            let (z, v) = (1.959_963_985f64, df as f64);
            let (z3, z5) = (z.powi(3), z.powi(5));
            z + (z3 + z) / (4.0 * v) + (5.0 * z5 + 16.0 * z3 + 3.0 * z) / (96.0 * v * v)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn log_gamma_matches_factorials() {
        for (n, fact) in [(1.0, 1.0f64), (5.0, 24.0), (11.0, 3_628_800.0)] {
            assert!((ln_gamma(n) - fact.ln()).abs() < 1e-12, "Γ({n})");
        }
        // Γ(1/2) = √π.
        let half = std::f64::consts::PI.sqrt().ln();
        assert!((ln_gamma(0.5) - half).abs() < 1e-12);
    }

    #[test]
    fn chi_square_tails_match_the_tables() {
        // The 5% critical values of the chi-square table.
        for (df, critical) in [
            (1.0, 3.841_459),
            (10.0, 18.307_038),
            (100.0, 124.342_113),
            (191.0, 224.241_5),
            (1000.0, 1_074.679_4),
        ] {
            let p = chi_square_p(critical, df);
            assert!((p - 0.05).abs() < 2e-4, "df {df}: p = {p}");
        }
        // The median of a big chi-square sits near df: p close to a half.
        let p = chi_square_p(100_351.0, 100_351.0);
        assert!((p - 0.5).abs() < 0.01, "p = {p}");
        assert_eq!(chi_square_p(0.0, 5.0), 1.0);
        assert!(chi_square_p(1e6, 10.0) < 1e-100);
    }

    #[test]
    fn t_quantiles_join_the_table_smoothly() {
        assert_eq!(t95(1), 12.706);
        assert!((t95(31) - 2.040).abs() < 0.001, "{}", t95(31));
        assert!((t95(120) - 1.980).abs() < 0.001, "{}", t95(120));
        assert!((t95(1_000_000) - 1.960).abs() < 0.001);
    }
}
