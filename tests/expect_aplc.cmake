# Runs one `aplc` command and compares its exit status, stdout and stderr with expectations:
#   cmake -DAPLC=path -DARGS="a;b" -DSTATUS=0 -DSTDOUT=text [-DSTDERR=text] -P expect_aplc.cmake
# Used through aplc_command_test (tests/CMakeLists.txt).
string(REPLACE "\\n" "\n" STDOUT "${STDOUT}")
string(REPLACE "\\n" "\n" STDERR "${STDERR}")
execute_process(COMMAND ${APLC} ${ARGS} RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT status STREQUAL STATUS)
  message(FATAL_ERROR "exit status ${status}, expected ${STATUS}\nstdout:\n${out}\nstderr:\n${err}")
endif()
if(NOT out STREQUAL STDOUT)
  message(FATAL_ERROR "stdout differs.\nexpected:\n${STDOUT}\ngot:\n${out}")
endif()
if(NOT err STREQUAL STDERR)
  message(FATAL_ERROR "stderr differs.\nexpected:\n${STDERR}\ngot:\n${err}")
endif()
