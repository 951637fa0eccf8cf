// SPDX-License-Identifier: BSD-3-Clause
/* The unit tests link the ebb rules without the library: this stands in
 * for src/util/error.c and keeps the last code and reason, so a test can
 * assert which rule a refusal names. */
#ifndef PAPILLON_EBB_TEST_ERROR_RECORDER_H
#define PAPILLON_EBB_TEST_ERROR_RECORDER_H

/* The reason of the last papi_error_set ("" after a clear). */
const char *recorded_reason(void);
void recorded_reason_clear(void);

#endif
