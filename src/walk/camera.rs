//! The eye's matrices for WebGL (column-major): a perspective projection
//! and a view from the eye. Maze x is the world's x, altitude its y, maze
//! y (south) its z, so the map's north is straight ahead at a yaw of -90
//! degrees and east lies to the right, as on the page.

/// A 4 x 4 matrix, column-major.
pub type Matrix = [f32; 16];

/// A perspective projection: `fov_y` radians high, `aspect` wide per high.
pub fn perspective(fov_y: f64, aspect: f64, near: f64, far: f64) -> Matrix {
    let f = 1.0 / (fov_y / 2.0).tan();
    let nf = 1.0 / (near - far);
    let mut m = [0.0f32; 16];
    m[0] = (f / aspect) as f32;
    m[5] = f as f32;
    m[10] = ((far + near) * nf) as f32;
    m[11] = -1.0;
    m[14] = (2.0 * far * near * nf) as f32;
    m
}

/// The view from an eye at `(x, alt, y)` facing `yaw` (maze radians, y
/// down) tilted `pitch` radians up.
pub fn view(eye: [f64; 3], yaw: f64, pitch: f64) -> Matrix {
    let forward = [
        yaw.cos() * pitch.cos(),
        pitch.sin(),
        yaw.sin() * pitch.cos(),
    ];
    // Right = forward x up, up' = right x forward.
    let right = normalise(cross(forward, [0.0, 1.0, 0.0]));
    let up = cross(right, forward);
    let dot = |a: [f64; 3], b: [f64; 3]| a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
    let m = [
        right[0],
        up[0],
        -forward[0],
        0.0,
        right[1],
        up[1],
        -forward[1],
        0.0,
        right[2],
        up[2],
        -forward[2],
        0.0,
        -dot(right, eye),
        -dot(up, eye),
        dot(forward, eye),
        1.0,
    ];
    m.map(|v| v as f32)
}

/// `a` times `b`.
pub fn multiply(a: &Matrix, b: &Matrix) -> Matrix {
    let mut m = [0.0f32; 16];
    for c in 0..4 {
        for r in 0..4 {
            m[c * 4 + r] = (0..4).map(|k| a[k * 4 + r] * b[c * 4 + k]).sum();
        }
    }
    m
}

fn cross(a: [f64; 3], b: [f64; 3]) -> [f64; 3] {
    [
        a[1] * b[2] - a[2] * b[1],
        a[2] * b[0] - a[0] * b[2],
        a[0] * b[1] - a[1] * b[0],
    ]
}

fn normalise(a: [f64; 3]) -> [f64; 3] {
    let l = (a[0] * a[0] + a[1] * a[1] + a[2] * a[2]).sqrt().max(1e-12);
    a.map(|v| v / l)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn apply(m: &Matrix, p: [f32; 4]) -> [f32; 4] {
        let mut out = [0.0; 4];
        for (r, o) in out.iter_mut().enumerate() {
            *o = (0..4).map(|c| m[c * 4 + r] * p[c]).sum();
        }
        out
    }

    #[test]
    fn a_point_ahead_is_in_the_middle_and_one_east_of_it_is_to_the_right() {
        // Facing north (yaw -90 degrees) from (5, 0.5, 5).
        let yaw = -std::f64::consts::FRAC_PI_2;
        let m = multiply(
            &perspective(1.2, 1.5, 0.05, 20.0),
            &view([5.0, 0.5, 5.0], yaw, 0.0),
        );
        let ndc = |p: [f32; 3]| {
            let c = apply(&m, [p[0], p[1], p[2], 1.0]);
            [c[0] / c[3], c[1] / c[3], c[2] / c[3]]
        };
        let ahead = ndc([5.0, 0.5, 2.0]);
        assert!(ahead[0].abs() < 1e-5 && ahead[1].abs() < 1e-5);
        assert!(ahead[2] > -1.0 && ahead[2] < 1.0);
        assert!(ndc([6.0, 0.5, 2.0])[0] > 0.1, "east is to the right");
        assert!(ndc([5.0, 1.0, 2.0])[1] > 0.1, "higher is up");
        // Behind the eye: clipped (w negative).
        let behind = apply(&m, [5.0, 0.5, 8.0, 1.0]);
        assert!(behind[3] < 0.0);
    }
}
