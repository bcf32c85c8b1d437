#include <stddef.h>
#include <stdint.h>

/// libFuzzer's entry point for programs that have their own main (compiler-rt's
/// FuzzerInterface.h). Linked from libclang_rt.fuzzer_no_main by Fuzz/run.sh.
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));
