extension Command {
  /// The word that starts the command in a script: `add`, `group`, `expect`.
  package var word: String {
    switch self {
    case .canvas: "canvas"
    case .add: "add"
    case .remove: "remove"
    case .move: "move"
    case .set: "set"
    case .front: "front"
    case .back: "back"
    case .clear: "clear"
    case .undo: "undo"
    case .redo: "redo"
    case .group: "group"
    case .limit: "limit"
    case .render: "render"
    case .expect: "expect"
    case .let: "let"
    case .seed: "seed"
    case .repeat: "repeat"
    case .if: "if"
    case .call(let name, _, _): name
    case .return: "return"
    }
  }
}
