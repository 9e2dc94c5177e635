import CircleScript

/// One command of the language as `:help <command>` explains it: how it is written, what it
/// does, and an example, and the keywords Tab offers after it.
struct CommandHelp: Hashable, Sendable {
  /// How it is written, one line per form; the first word is its name.
  var usage: [String]
  /// What it does, in a sentence or two.
  var summary: String
  /// A line to try.
  var example: String
  /// The keywords that may follow its required words.
  var keywords: [String] = []

  /// The word that starts it.
  var name: String { String(usage[0].prefix { $0 != " " }) }

  /// The text `:help <name>` prints, the summary wrapped at 80 columns.
  var text: String {
    (usage + [""] + Self.wrapped(summary, width: 80) + ["", "Example: " + example])
      .joined(separator: "\n")
  }

  /// A text broken into lines of at most `width` characters, at spaces.
  static func wrapped(_ text: String, width: Int) -> [String] {
    var lines: [String] = []
    var line = ""
    for word in text.split(separator: " ") {
      if !line.isEmpty, line.count + 1 + word.count > width {
        lines.append(line)
        line = ""
      }
      line += (line.isEmpty ? "" : " ") + word
    }
    return lines + (line.isEmpty ? [] : [line])
  }

  /// The help of every command the parser knows, in its order.
  static var all: [CommandHelp] {
    Parser.commandNames.compactMap { name in table.first { $0.name == name } }
  }

  /// The help of a command, if there is such a command.
  static func named(_ name: String) -> CommandHelp? {
    all.first { $0.name == name.lowercased() }
  }

  static let properties = ["at", "radius", "r", "fill", "stroke", "width", "opacity"]

  /// How `add` and `set` write the properties that paint a circle.
  static let paint = "[fill <c>] [stroke <c>] [width <w>] [opacity <o>]"

  /// How a block command is written: its opening line, the commands, the closing brace.
  static func block(_ opening: String) -> [String] { [opening, "  …commands…", "}"] }

  /// Help for the language's commands (the parser's list decides which exist).
  static let table: [CommandHelp] = [
    CommandHelp(
      usage: ["canvas <W>x<H> [background <colour>] [scale <n>]"],
      summary: "Sets the canvas: once, before any change. Default 512x512, white, scale 1.",
      example: "canvas 200x120 background #202030", keywords: ["background", "scale"]),
    CommandHelp(
      usage: ["add [<id>] at <x>,<y> radius <r> " + paint],
      summary: "Adds a circle on top (named c1, c2, … without an id): one undo step, 'Add <id>'.",
      example: "add sun at 60,60 radius 40 fill gold", keywords: properties),
    CommandHelp(
      usage: ["remove <id>"],
      summary: "Removes a circle; undo puts it back at its place. One undo step, 'Remove <id>'.",
      example: "remove sun"),
    CommandHelp(
      usage: ["move <id> to <x>,<y>", "move <id> by <dx>,<dy>"],
      summary: "Moves a circle to a point or by an offset. One undo step, 'Move <id>'.",
      example: "move sun by 10,0", keywords: ["to", "by"]),
    CommandHelp(
      usage: ["set <id> [at <x>,<y>] [radius <r>] " + paint],
      summary: "Changes a circle's properties, at least one. One undo step, 'Change <id>'.",
      example: "set sun fill tomato opacity 0.8", keywords: properties),
    CommandHelp(
      usage: ["front <id>"],
      summary: "Brings a circle to the front. One undo step, 'Bring <id> to Front'.",
      example: "front moon"),
    CommandHelp(
      usage: ["back <id>"],
      summary: "Sends a circle to the back. One undo step, 'Send <id> to Back'.",
      example: "back moon"),
    CommandHelp(
      usage: ["clear"],
      summary: "Removes every circle, as one undo step, 'Clear'.", example: "clear"),
    CommandHelp(
      usage: ["undo [<n>]"],
      summary: "Undoes the last n steps (default 1) and prints each one's menu title.",
      example: "undo 2"),
    CommandHelp(
      usage: ["redo [<n>]"],
      summary: "Redoes the last n undone steps (default 1) and prints each one's menu title.",
      example: "redo"),
    CommandHelp(
      usage: block("group \"<name>\" {"),
      summary: "Makes the commands inside one undo step named <name>. Groups nest; in the "
        + "REPL, the block runs once its '}' is typed.",
      example: "group \"Stars\" {"),
    CommandHelp(
      usage: ["limit <n>"],
      summary: "Keeps at most n undo steps, dropping the oldest (0 = unlimited).",
      example: "limit 20"),
    CommandHelp(
      usage: ["render <file.png>"],
      summary: "Writes the current state to a .png, .svg or .pdf file, relative to the "
        + "current folder.",
      example: "render sketch.png"),
    CommandHelp(
      usage: [
        "expect count <n>", "expect undo \"<name>\" | none", "expect redo \"<name>\" | none",
        "expect pixel <x>,<y> <colour> [within <d>]",
      ],
      summary: "Checks the canvas, its history or a pixel, and reports when it does not hold.",
      example: "expect undo \"Add sun\"", keywords: ["count", "undo", "redo", "pixel", "within"]),
    CommandHelp(
      usage: ["seed <n>"],
      summary: "Restarts the generator behind random(a, b) from a whole number 0…2147483647.",
      example: "seed 7"),
    CommandHelp(
      usage: ["let <name> = <expression>"],
      summary: "Binds a variable to a number, usable wherever a number goes.",
      example: "let r = 12 * 2"),
    CommandHelp(
      usage: block("repeat <count> [as <name>] {"),
      summary: "Runs the commands inside count times, the name counting 0, 1, …; each change "
        + "is its own undo step. In the REPL, the loop runs once its '}' is typed.",
      example: "repeat 5 as i {", keywords: ["as"]),
    CommandHelp(
      usage: [
        "if <condition> {", "  …commands…", "} else if <condition> {", "  …commands…",
        "} else {", "  …commands…", "}",
      ],
      summary: "Runs the commands of the first branch whose condition is true (not 0), else "
        + "those of 'else'; conditions compare with < <= > >= == != and join with not, and, "
        + "or. Each change inside is its own undo step, as if written out.",
      example: "if i % 2 == 0 {", keywords: ["else"]),
    CommandHelp(
      usage: [
        "def <name>(<parameter>, …) {", "  …commands…", "}", "<name>(<expression>, …)",
      ],
      summary: "Defines a procedure, at the top level; a line 'name(…)' calls it, above or "
        + "below its def. The parameters and the procedure's lets are locals of the call; the "
        + "body runs as if written out at the call, each change its own undo step. Calls nest "
        + "up to 1000 deep, so a procedure may call itself while an 'if' says so.",
      example: "def petal(angle, r) {"),
    CommandHelp(
      usage: ["return"],
      summary: "Leaves the procedure running at once; inside a group, the group ends as one "
        + "step holding what ran.",
      example: "return"),
  ]
}
