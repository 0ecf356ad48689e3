// The Code view's editor: CodeMirror 6, bundled at build time by esbuild
// (Trunk's pre-build hook, see Trunk.toml) into www/code/build/editor.js.
// It offers the page its calls on `window.mazelabEditor`; the Rust side
// (src/web/code/editor.rs) uses them, or a plain text area without them.

import {
  EditorView, keymap, lineNumbers, highlightActiveLineGutter, highlightSpecialChars,
  drawSelection, dropCursor, rectangularSelection, crosshairCursor, highlightActiveLine,
} from "@codemirror/view";
import { Compartment, EditorState, Prec } from "@codemirror/state";
import { defaultKeymap, history, historyKeymap, indentWithTab } from "@codemirror/commands";
import { searchKeymap, highlightSelectionMatches } from "@codemirror/search";
import { javascript, javascriptLanguage } from "@codemirror/lang-javascript";
import { python } from "@codemirror/lang-python";
import { lintGutter, lintKeymap, setDiagnostics } from "@codemirror/lint";
import { oneDark } from "@codemirror/theme-one-dark";
import {
  HighlightStyle, syntaxHighlighting, defaultHighlightStyle, indentOnInput, indentUnit,
  bracketMatching, foldGutter, foldKeymap,
} from "@codemirror/language";
import { tags } from "@lezer/highlight";

const dark = () => document.documentElement.dataset.theme === "dark";
// Each language the page runs (`#code-lang`): its highlighting and the
// indentation its starters use (Tab adds one unit, Backspace in the
// indentation takes one away).
const LANGS = {
  javascript: () => [javascript(), indentUnit.of("  ")],
  python: () => [python(), indentUnit.of("    ")],
};
const language = new Compartment();

// CodeMirror's basic setup without the two parts that turn keys into other
// text: bracket closing (a typed "}" lands after the one it inserted) and
// completion (Enter takes the suggestion instead of starting a line). What
// a person types arrives as typed; Tab indents (Escape, then Tab, leaves
// the editor, as in every CodeMirror).
const setup = [
  lineNumbers(),
  highlightActiveLineGutter(),
  highlightSpecialChars(),
  history(),
  foldGutter(),
  drawSelection(),
  dropCursor(),
  EditorState.allowMultipleSelections.of(true),
  indentOnInput(),
  syntaxHighlighting(defaultHighlightStyle, { fallback: true }),
  bracketMatching(),
  rectangularSelection(),
  crosshairCursor(),
  highlightActiveLine(),
  highlightSelectionMatches(),
  keymap.of([...defaultKeymap, ...searchKeymap, ...historyKeymap, ...foldKeymap, ...lintKeymap, indentWithTab]),
];
// One Dark, with its grey (line numbers, comments) and its coral (names)
// light enough to read: at least 4.5:1 against its background, where its
// own have 3.9:1 and 4.4:1.
const readableGrey = "#a3a6ae";
const readableCoral = "#ef8e95";
const darkTheme = [
  oneDark,
  Prec.highest(EditorView.theme({ ".cm-gutters": { color: readableGrey } }, { dark: true })),
  Prec.highest(syntaxHighlighting(HighlightStyle.define([
    { tag: [tags.comment, tags.meta], color: readableGrey },
    { tag: [tags.name, tags.deleted, tags.character, tags.propertyName, tags.macroName], color: readableCoral },
  ]))),
];

window.mazelabEditor = {
  // An editor holding `text` in `parent`, highlighted as `lang`
  // ("javascript" or "python"): `onRun` on Ctrl+Enter (Cmd+Enter on a
  // Mac), `onChange` after each edit.
  mount(parent, text, onRun, onChange, lang) {
    const theme = new Compartment();
    const view = new EditorView({
      parent,
      state: EditorState.create({
        doc: text,
        extensions: [
          setup,
          language.of((LANGS[lang] || LANGS.javascript)()),
          lintGutter(),
          theme.of(dark() ? darkTheme : []),
          Prec.highest(keymap.of([{ key: "Mod-Enter", run: () => (onRun(), true) }])),
          EditorView.updateListener.of((u) => {
            if (u.docChanged) onChange();
          }),
          // tabindex: the editor's text is the keyboard's way into its
          // scrolling box (axe-core's scrollable-region-focusable).
          EditorView.contentAttributes.of({ "aria-label": "your program", tabindex: "0" }),
        ],
      }),
    });
    // The page's theme switch restyles the editor too.
    new MutationObserver(() => {
      view.dispatch({ effects: theme.reconfigure(dark() ? darkTheme : []) });
    }).observe(document.documentElement, { attributes: true, attributeFilter: ["data-theme"] });
    this.current = view;
    return view;
  },

  // The editor last mounted (the page has one): what tests read.
  current: null,

  text: (view) => view.state.doc.toString(),

  setLang(view, lang) {
    view.dispatch({ effects: language.reconfigure((LANGS[lang] || LANGS.javascript)()) });
  },

  setText(view, text) {
    view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: text } });
  },

  // The program with a guard at the top of every loop's body,
  // `__mazelabLoop(L);` (L the loop's line), which the harness
  // (www/code/harness.js) counts: past the run's time limit it stops the
  // run naming line L. Found with the editor's own JavaScript parser (a
  // loop in a string or a comment is none); a body without braces gets
  // them. No line is added, so every other message keeps its line.
  guardLoops(text) {
    const lineStarts = [0];
    for (let i = text.indexOf("\n"); i !== -1; i = text.indexOf("\n", i + 1)) lineStarts.push(i + 1);
    const lineAt = (pos) => {
      let lo = 0, hi = lineStarts.length - 1;
      while (lo < hi) {
        const mid = (lo + hi + 1) >> 1;
        if (lineStarts[mid] <= pos) lo = mid; else hi = mid - 1;
      }
      return lo + 1;
    };
    const edits = []; // [position, text], applied from the end
    javascriptLanguage.parser.parse(text).iterate({
      enter(ref) {
        const loop = ref.name;
        if (loop !== "ForStatement" && loop !== "WhileStatement" && loop !== "DoStatement") return;
        const node = ref.node;
        const body = loop === "DoStatement" ? node.firstChild && node.firstChild.nextSibling : node.lastChild;
        if (!body || body.type.isError || body.from >= body.to) return;
        const guard = `__mazelabLoop(${lineAt(node.from)});`;
        if (body.name === "Block") {
          edits.push([body.from + 1, guard]);
        } else {
          edits.push([body.from, `{${guard}`], [body.to, "}"]);
        }
      },
    });
    edits.sort((a, b) => b[0] - a[0]);
    let out = text;
    for (const [at, insert] of edits) out = out.slice(0, at) + insert + out.slice(at);
    return out;
  },

  // Marks line `line` (1 is the first) with `message`, or clears the marks
  // (line 0).
  markLine(view, line, message) {
    const doc = view.state.doc;
    if (line < 1 || line > doc.lines) {
      view.dispatch(setDiagnostics(view.state, []));
      return;
    }
    const l = doc.line(line);
    view.dispatch(setDiagnostics(view.state, [{ from: l.from, to: l.to, severity: "error", message }]));
    view.dispatch({ selection: { anchor: l.from }, scrollIntoView: true });
  },
};
