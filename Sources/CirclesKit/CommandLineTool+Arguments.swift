import CircleRender
import CircleSnapshot
import CircleSystem
import Foundation

extension CommandLineTool {
  /// The process's arguments without the program's name, with bytes that are not UTF-8 kept as
  /// they are (as private-use characters that stand for them, which `circles check` turns back
  /// into the bytes when it opens files), where `CommandLine.arguments` would replace them by
  /// `�`: a script whose name is not UTF-8 can be checked.
  public static var processArguments: [String] {
    (1..<Int(CommandLine.argc)).map { index in
      guard let argument = CommandLine.unsafeArgv[index] else { return "" }
      if let text = String(validatingCString: argument) { return text }
      let bytes = UnsafeRawBufferPointer(start: argument, count: strlen(argument))
      return RawPath.string(from: bytes)
    }
  }
}
