/// Runs one guide block's statements (see Tests/DocExamplesTests/DocExampleProgram.swift);
/// an error is reported with the block's place in the guide. Returns 1 for a failure, so
/// that a program counts its failures.
public func example(_ location: String, _ body: () async throws -> Void) async -> Int {
    do {
        try await body()
        return 0
    } catch {
        print("\(location): error: \(error)")
        return 1
    }
}
