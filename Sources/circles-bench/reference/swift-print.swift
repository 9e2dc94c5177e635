// The least start-up a Swift program has: it links Cairo, as circles does, and prints Cairo's
// version, as cairo-version.c does, using nothing of Foundation. Built by circles-bench with
// `swiftc -O -static-stdlib -import-objc-header cairo-bridge.h`, as circles is installed.
print("cairo " + String(cString: cairo_version_string()))
