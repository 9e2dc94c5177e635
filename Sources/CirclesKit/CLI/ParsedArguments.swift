import CircleScript
import CircleSystem

/// The arguments of a subcommand read against its declared options and operands; a value is
/// read back by its option's key (``OptionKey``).
///
/// Reading rejects, with one message each: an option the subcommand does not declare (with the
/// nearest it does), an option without its value, a flag with one (`--watch=yes`), a value its
/// rule refuses (naming the option and what it takes), too few operands and too many. What is
/// left to the subcommand is what only it knows: values of ``ValueRule/described(_:)`` options
/// (refused as their key reads them) and options that conflict.
struct ParsedArguments {
  /// One option as given: the declaration it matched, its value and the words it took.
  struct Occurrence: Equatable {
    var option: CommandOption
    /// The value, checked by its rule; `nil` for a flag or a bare optional-value option.
    var value: String?
    /// The words as typed (`--threshold=0.1`; `--golden`, `g`), for commands that repeat them.
    var words: [String]
  }

  /// The options in the order they were given.
  private(set) var occurrences: [Occurrence] = []
  /// The words that are not options, in order.
  private(set) var operands: [String] = []
  /// The options they were read against (`--help` included).
  let options: [CommandOption]

  /// Reads the arguments that follow a subcommand's name.
  ///
  /// Long options take their value as the next argument or after `=` (`-o out`,
  /// `--output=out`); `--` ends the options; a lone `-` is an operand (standard input).
  ///
  /// - Parameters:
  ///   - arguments: the words after the subcommand's name.
  ///   - command: the subcommand's name, for the messages about operands.
  ///   - options: every option it declares.
  ///   - operands: the operands it declares.
  /// - Throws: ``UsageError`` for each mistake listed above.
  init(
    _ arguments: [String], command: String, options: [CommandOption], operands: CommandOperands
  ) throws(UsageError) {
    self.options = options
    var reader = ArgumentReader(arguments)
    // The occurrence of an optional-value option given bare, which may take the next word.
    var bare: Int?
    while true {
      let start = arguments.count - reader.remainingCount
      guard let item = reader.next() else { break }
      switch item {
      case .positional(let word):
        if let index = bare, !operands.mayBe(word) {
          let option = occurrences[index].option
          occurrences[index].value = try Self.checked(word, of: option)
          occurrences[index].words.append(word)
        } else {
          self.operands.append(word)
        }
        bare = nil
      case .option(let name, let inline):
        bare = nil
        guard let option = options.named(name) else {
          throw UsageError.unknownOption(name, known: options.map(\.name))
        }
        var value: String?
        if let declared = option.value {
          if declared.isOptional {
            value = inline
            if inline == nil { bare = occurrences.count }
          } else {
            value = try reader.value(for: name, inline: inline)
          }
          if let given = value { value = try Self.checked(given, of: option) }
        } else if inline != nil {
          throw UsageError("\(name) takes no value")
        }
        let end = arguments.count - reader.remainingCount
        occurrences.append(
          Occurrence(option: option, value: value, words: Array(arguments[start..<end])))
      }
    }
    if self.operands.count < operands.minimum {
      throw UsageError(
        "\(command) needs \(operands.missing.isEmpty ? operands.noun : operands.missing)")
    }
    if let maximum = operands.maximum, self.operands.count > maximum {
      let extra = DisplayText.escaped(self.operands[maximum])
      throw UsageError("\(command) takes \(operands.noun); '\(extra)' is extra")
    }
  }

  /// A value checked by its option's rule: the declared spelling of a choice, or the text.
  private static func checked(_ text: String, of option: CommandOption) throws(UsageError)
    -> String
  {
    guard let value = option.value else { return text }
    switch value.kind {
    case .file, .folder: if text.hasPrefix("~") { throw unexpandedHome(text, of: option) }
    default: break
    }
    switch value.rule {
    case .kind:
      guard case .choices(let words) = value.kind else { return text }
      if let word = words.first(where: { $0.lowercased() == text.lowercased() }) { return word }
      var error = badValue(text, of: option)
      if let guess = Suggestion.closest(to: text, among: words) {
        error.message += "; did you mean '\(guess)'?"
      }
      throw error
    case .wholeNumber(let range):
      guard let number = Int(text), range.contains(number) else {
        throw badValue(text, of: option)
      }
    case .number(let range, _):
      guard let number = Double(text), number.isFinite, range.contains(number) else {
        throw badValue(text, of: option)
      }
    case .described:
      break
    }
    return text
  }

  /// A file or folder option's path that starts with `~`: the shell expands it only at the start
  /// of a word it sees alone (`-o ~/x`, not `-o=~/x` or `'~/x'`), and a file of the user's is
  /// never made in a folder named `~`.
  static func unexpandedHome(_ text: String, of option: CommandOption) -> UsageError {
    UsageError(
      "\(option.noun ?? option.name) '\(DisplayText.escaped(text))' starts with '~', which the "
        + "shell did not expand; give the whole path")
  }

  /// `--frames takes all, last or none, not 'some'`.
  static func badValue(_ text: String, of option: CommandOption) -> UsageError {
    let expected =
      option.value.flatMap { $0.rule.expectation(for: $0.kind) } ?? "a value"
    return UsageError(
      "\(option.name) takes \(expected), not '\(DisplayText.escaped(text))'")
  }

  /// The value of an option, read by its key.
  ///
  /// - Throws: ``UsageError`` for a value the key cannot read (a ``ValueRule/described(_:)``
  ///   option's), naming the option and what it takes.
  subscript<Value>(key: OptionKey<Value>) -> Value {
    get throws(UsageError) {
      assert(options.contains { $0.name == key.name }, "\(key.name) is not declared")
      return try key.read(occurrences.filter { $0.option.name == key.name }.map(\.value))
    }
  }

  /// Which of these options was given last, if any (`--checkerboard`, `--no-checkerboard`).
  func last(of options: [CommandOption]) -> String? {
    occurrences.last { options.contains($0.option) }?.option.name
  }

  /// The words of these options as they were typed, in order.
  func words(of options: [CommandOption]) -> [String] {
    occurrences.filter { options.contains($0.option) }.flatMap(\.words)
  }
}
