//! The walk view's WebGL2 renderer: two programs, two draw calls a frame.
//! Boxes (walls, decks, rails) are one unit box drawn once per box with
//! the box's ends, heights and colour as instance attributes, so a frame
//! uploads ten floats a wall; floor tiles are plain coloured triangles.
//! Both fade into the sky with distance, which hides where the scene
//! (built only within sight, `walk::scene`) ends.

use crate::walk::camera::Matrix;
use crate::walk::scene::{Colours, Scene, BOX_FLOATS, TILE_FLOATS, VIEW};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{
    HtmlCanvasElement, WebGl2RenderingContext as Gl, WebGlBuffer, WebGlProgram,
    WebGlUniformLocation, WebGlVertexArrayObject,
};

const BOX_VERTEX: &str = r#"#version 300 es
layout(location = 0) in vec3 corner;
layout(location = 1) in vec3 facing;
layout(location = 2) in vec4 ends;
layout(location = 3) in vec3 span;
layout(location = 4) in vec3 colour;
uniform mat4 u_matrix;
uniform vec3 u_eye;
out vec3 v_colour;
out float v_distance;
out vec3 v_local;
out vec3 v_size;
flat out vec3 v_facing;
void main() {
  vec2 a = ends.xy;
  vec2 b = ends.zw;
  vec2 d = b - a;
  float len = length(d);
  vec2 t = len > 0.0 ? d / len : vec2(1.0, 0.0);
  vec2 n = vec2(-t.y, t.x);
  float h = span.z;
  vec2 p = mix(a - t * h, b + t * h, corner.x) + n * (corner.y * h);
  vec3 world = vec3(p.x, mix(span.x, span.y, corner.z), p.y);
  gl_Position = u_matrix * vec4(world, 1.0);
  vec3 normal = vec3(t.x * facing.x + n.x * facing.y, facing.z, t.y * facing.x + n.y * facing.y);
  // Each face its own shade by the way it faces (a low sun from the
  // north-east, the tops brightest), so corners and the ends of walls
  // read as solids, not one flat colour.
  float light = 0.62 + 0.38 * max(dot(normal, normalize(vec3(0.55, 0.7, 0.35))), 0.0)
    + 0.12 * abs(normal.x);
  v_colour = colour * light;
  v_distance = distance(world, u_eye);
  // Where on the box this is, in world units, for its edges' lines.
  v_size = vec3(len + 2.0 * h, 2.0 * h, span.y - span.x);
  v_local = vec3(corner.x, (corner.y + 1.0) * 0.5, corner.z) * v_size;
  v_facing = abs(facing);
}
"#;

const TILE_VERTEX: &str = r#"#version 300 es
layout(location = 0) in vec3 position;
layout(location = 1) in vec3 colour;
layout(location = 2) in float rim;
uniform mat4 u_matrix;
uniform vec3 u_eye;
out vec3 v_colour;
out float v_distance;
out float v_rim;
void main() {
  gl_Position = u_matrix * vec4(position, 1.0);
  v_colour = colour;
  v_distance = distance(position, u_eye);
  v_rim = rim;
}
"#;

/// Boxes: lit by their faces; a dark line along every edge so walls of
/// one colour stand apart; courses of blocks whose joints shrink with
/// distance and show how far a wall runs; darker toward the foot and
/// with distance (a lamp's fall-off); fading into the sky far off.
const BOX_FRAGMENT: &str = r#"#version 300 es
precision mediump float;
in vec3 v_colour;
in float v_distance;
in vec3 v_local;
in vec3 v_size;
flat in vec3 v_facing;
uniform vec3 u_sky;
uniform float u_view;
out vec4 colour;
// A joint line of width w (world units) at every whole multiple of x.
float joint(float x, float w) {
  float f = abs(fract(x + 0.5) - 0.5);
  return 1.0 - smoothstep(w, w + 1.5 * fwidth(x), f);
}
void main() {
  vec3 d = min(v_local, v_size - v_local) + v_facing * 1e3;
  float e = min(min(d.x, d.y), d.z);
  float edge = 1.0 - smoothstep(0.008, 0.008 + 1.5 * fwidth(e), e);
  // The blocks: courses a fifth of the wall's height, each block 0.4
  // long, every other course half a block along. Tops (facing up) and
  // the boxes' ends have none.
  float side = v_facing.y;
  float course = v_local.z / 0.2;
  float row = floor(course);
  float along = v_local.x / 0.4 + 0.5 * mod(row, 2.0);
  float joints = max(joint(course, 0.04), joint(along, 0.02)) * side;
  // Each block a shade of its own, as laid stones differ.
  float block = fract(sin(floor(along) * 12.9898 + row * 78.233) * 43758.5453);
  float stone = mix(1.0, 0.88 + 0.2 * block, side);
  // The foot of a wall is in its own shadow; the top catches the light.
  float height = clamp(v_local.z / max(v_size.z, 1e-3), 0.0, 1.0);
  float foot = mix(0.78, 1.0, sqrt(height));
  float lamp = mix(1.0, 0.7, smoothstep(0.0, u_view * 0.6, v_distance));
  vec3 c = v_colour * foot * lamp * stone * (1.0 - 0.4 * edge) * (1.0 - 0.22 * joints);
  float fog = smoothstep(u_view * 0.45, u_view, v_distance);
  colour = vec4(mix(c, u_sky, fog), 1.0);
}
"#;

/// Tiles: flat colour, the cell's edge a faint line.
const TILE_FRAGMENT: &str = r#"#version 300 es
precision mediump float;
in vec3 v_colour;
in float v_distance;
in float v_rim;
uniform vec3 u_sky;
uniform float u_view;
out vec4 colour;
void main() {
  float line = 1.0 - smoothstep(0.02, 0.02 + 1.5 * fwidth(v_rim), v_rim);
  // The floor darkens with distance as the walls do, so near and far
  // floor differ too.
  float lamp = mix(1.0, 0.72, smoothstep(0.0, u_view * 0.6, v_distance));
  vec3 c = v_colour * lamp * (1.0 - 0.18 * line);
  float fog = smoothstep(u_view * 0.45, u_view, v_distance);
  colour = vec4(mix(c, u_sky, fog), 1.0);
}
"#;

/// A unit box's corners (along 0..1, across -1..1, up 0..1) and each
/// face's normal (along, across, up): six faces, two triangles each.
fn unit_box() -> Vec<f32> {
    let faces: [([f32; 3], [[f32; 3]; 4]); 6] = [
        (
            [0.0, 0.0, 1.0],
            [
                [0.0, -1.0, 1.0],
                [1.0, -1.0, 1.0],
                [1.0, 1.0, 1.0],
                [0.0, 1.0, 1.0],
            ],
        ),
        (
            [0.0, 0.0, -1.0],
            [
                [0.0, -1.0, 0.0],
                [0.0, 1.0, 0.0],
                [1.0, 1.0, 0.0],
                [1.0, -1.0, 0.0],
            ],
        ),
        (
            [0.0, 1.0, 0.0],
            [
                [0.0, 1.0, 0.0],
                [0.0, 1.0, 1.0],
                [1.0, 1.0, 1.0],
                [1.0, 1.0, 0.0],
            ],
        ),
        (
            [0.0, -1.0, 0.0],
            [
                [0.0, -1.0, 0.0],
                [1.0, -1.0, 0.0],
                [1.0, -1.0, 1.0],
                [0.0, -1.0, 1.0],
            ],
        ),
        (
            [1.0, 0.0, 0.0],
            [
                [1.0, -1.0, 0.0],
                [1.0, 1.0, 0.0],
                [1.0, 1.0, 1.0],
                [1.0, -1.0, 1.0],
            ],
        ),
        (
            [-1.0, 0.0, 0.0],
            [
                [0.0, -1.0, 0.0],
                [0.0, -1.0, 1.0],
                [0.0, 1.0, 1.0],
                [0.0, 1.0, 0.0],
            ],
        ),
    ];
    let mut out = Vec::with_capacity(6 * 6 * 6);
    for (normal, q) in faces {
        for i in [0, 1, 2, 0, 2, 3] {
            out.extend_from_slice(&q[i]);
            out.extend_from_slice(&normal);
        }
    }
    out
}

/// A program's uniforms.
struct Uniforms {
    matrix: Option<WebGlUniformLocation>,
    eye: Option<WebGlUniformLocation>,
    sky: Option<WebGlUniformLocation>,
    view: Option<WebGlUniformLocation>,
}

/// The WebGL2 state of the walk view's canvas.
pub(in crate::web) struct Renderer {
    gl: Gl,
    boxes: (WebGlProgram, Uniforms, WebGlVertexArrayObject, WebGlBuffer),
    tiles: (WebGlProgram, Uniforms, WebGlVertexArrayObject, WebGlBuffer),
}

impl Renderer {
    /// The renderer of `canvas`, or `Ok(None)` where the browser has no
    /// WebGL2.
    pub(in crate::web) fn new(canvas: &HtmlCanvasElement) -> Result<Option<Renderer>, JsValue> {
        let Some(context) = canvas.get_context("webgl2")? else {
            return Ok(None);
        };
        let gl: Gl = context.dyn_into()?;
        let box_program = program(&gl, BOX_VERTEX, BOX_FRAGMENT)?;
        let tile_program = program(&gl, TILE_VERTEX, TILE_FRAGMENT)?;

        // Boxes: the unit box, then the instances' attributes.
        let box_vao = gl.create_vertex_array().ok_or("a vertex array")?;
        gl.bind_vertex_array(Some(&box_vao));
        let corners = gl.create_buffer().ok_or("a buffer")?;
        gl.bind_buffer(Gl::ARRAY_BUFFER, Some(&corners));
        let unit = unit_box();
        // SAFETY: the view is read by buffer_data before anything allocates.
        unsafe {
            gl.buffer_data_with_array_buffer_view(
                Gl::ARRAY_BUFFER,
                &js_sys::Float32Array::view(&unit),
                Gl::STATIC_DRAW,
            );
        }
        for (location, offset) in [(0, 0), (1, 12)] {
            gl.enable_vertex_attrib_array(location);
            gl.vertex_attrib_pointer_with_i32(location, 3, Gl::FLOAT, false, 24, offset);
        }
        let instances = gl.create_buffer().ok_or("a buffer")?;
        gl.bind_buffer(Gl::ARRAY_BUFFER, Some(&instances));
        let stride = (BOX_FLOATS * 4) as i32;
        for (location, size, offset) in [(2, 4, 0), (3, 3, 16), (4, 3, 28)] {
            gl.enable_vertex_attrib_array(location);
            gl.vertex_attrib_pointer_with_i32(location, size, Gl::FLOAT, false, stride, offset);
            gl.vertex_attrib_divisor(location, 1);
        }

        let tile_vao = gl.create_vertex_array().ok_or("a vertex array")?;
        gl.bind_vertex_array(Some(&tile_vao));
        let tiles = gl.create_buffer().ok_or("a buffer")?;
        gl.bind_buffer(Gl::ARRAY_BUFFER, Some(&tiles));
        let stride = (TILE_FLOATS * 4) as i32;
        for (location, size, offset) in [(0, 3, 0), (1, 3, 12), (2, 1, 24)] {
            gl.enable_vertex_attrib_array(location);
            gl.vertex_attrib_pointer_with_i32(location, size, Gl::FLOAT, false, stride, offset);
        }
        gl.bind_vertex_array(None);
        gl.enable(Gl::DEPTH_TEST);
        let box_uniforms = uniforms(&gl, &box_program);
        let tile_uniforms = uniforms(&gl, &tile_program);
        Ok(Some(Renderer {
            gl,
            boxes: (box_program, box_uniforms, box_vao, instances),
            tiles: (tile_program, tile_uniforms, tile_vao, tiles),
        }))
    }

    /// Uploads a freshly built scene.
    pub(in crate::web) fn upload(&self, scene: &Scene) {
        let gl = &self.gl;
        for (buffer, data) in [(&self.boxes.3, &scene.boxes), (&self.tiles.3, &scene.tiles)] {
            gl.bind_buffer(Gl::ARRAY_BUFFER, Some(buffer));
            // SAFETY: the view is read by buffer_data before anything allocates.
            unsafe {
                gl.buffer_data_with_array_buffer_view(
                    Gl::ARRAY_BUFFER,
                    &js_sys::Float32Array::view(data),
                    Gl::DYNAMIC_DRAW,
                );
            }
        }
    }

    /// Draws the uploaded scene (`boxes` and `tile_vertices` long) at
    /// `width` x `height` device pixels.
    #[allow(clippy::too_many_arguments)]
    pub(in crate::web) fn draw(
        &self,
        (width, height): (u32, u32),
        matrix: &Matrix,
        eye: [f32; 3],
        colours: &Colours,
        boxes: usize,
        tile_vertices: usize,
    ) {
        let gl = &self.gl;
        gl.viewport(0, 0, width as i32, height as i32);
        let [r, g, b] = colours.sky;
        gl.clear_color(r, g, b, 1.0);
        gl.clear(Gl::COLOR_BUFFER_BIT | Gl::DEPTH_BUFFER_BIT);
        for (program, u, vao, count, instanced) in [
            (
                &self.tiles.0,
                &self.tiles.1,
                &self.tiles.2,
                tile_vertices,
                false,
            ),
            (&self.boxes.0, &self.boxes.1, &self.boxes.2, boxes, true),
        ] {
            if count == 0 {
                continue;
            }
            gl.use_program(Some(program));
            gl.uniform_matrix4fv_with_f32_array(u.matrix.as_ref(), false, matrix);
            gl.uniform3f(u.eye.as_ref(), eye[0], eye[1], eye[2]);
            gl.uniform3f(u.sky.as_ref(), r, g, b);
            gl.uniform1f(u.view.as_ref(), VIEW as f32);
            gl.bind_vertex_array(Some(vao));
            if instanced {
                gl.draw_arrays_instanced(Gl::TRIANGLES, 0, 36, count as i32);
            } else {
                gl.draw_arrays(Gl::TRIANGLES, 0, count as i32);
            }
        }
        gl.bind_vertex_array(None);
    }
}

fn uniforms(gl: &Gl, program: &WebGlProgram) -> Uniforms {
    Uniforms {
        matrix: gl.get_uniform_location(program, "u_matrix"),
        eye: gl.get_uniform_location(program, "u_eye"),
        sky: gl.get_uniform_location(program, "u_sky"),
        view: gl.get_uniform_location(program, "u_view"),
    }
}

fn program(gl: &Gl, vertex: &str, fragment: &str) -> Result<WebGlProgram, JsValue> {
    let program = gl.create_program().ok_or("a WebGL program")?;
    for (kind, source) in [(Gl::VERTEX_SHADER, vertex), (Gl::FRAGMENT_SHADER, fragment)] {
        let shader = gl.create_shader(kind).ok_or("a WebGL shader")?;
        gl.shader_source(&shader, source);
        gl.compile_shader(&shader);
        if !gl
            .get_shader_parameter(&shader, Gl::COMPILE_STATUS)
            .as_bool()
            .unwrap_or(false)
        {
            let log = gl.get_shader_info_log(&shader).unwrap_or_default();
            return Err(JsValue::from_str(&format!(
                "a walk view shader failed: {log}"
            )));
        }
        gl.attach_shader(&program, &shader);
    }
    gl.link_program(&program);
    if !gl
        .get_program_parameter(&program, Gl::LINK_STATUS)
        .as_bool()
        .unwrap_or(false)
    {
        let log = gl.get_program_info_log(&program).unwrap_or_default();
        return Err(JsValue::from_str(&format!(
            "the walk view's program failed: {log}"
        )));
    }
    Ok(program)
}
