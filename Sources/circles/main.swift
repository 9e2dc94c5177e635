import CirclesKit
import Foundation

// The executable only hands its arguments to the library and exits with the code it returns.
exit(CommandLineTool.main(arguments: CommandLineTool.processArguments))
