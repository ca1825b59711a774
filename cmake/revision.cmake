# revision.cmake — writes OUT (a header defining AR_GIT_REVISION) from `git
# describe` of SRC at every build, touching it only when the text changes, so
# `ariadne --version` names the revision the program was built from.
set(rev "not a git checkout")
find_package(Git QUIET)
if(GIT_FOUND AND EXISTS "${SRC}/.git")
  execute_process(COMMAND "${GIT_EXECUTABLE}" describe --always --dirty --abbrev=12
                  WORKING_DIRECTORY "${SRC}" OUTPUT_VARIABLE desc OUTPUT_STRIP_TRAILING_WHITESPACE
                  ERROR_QUIET RESULT_VARIABLE result)
  if(result EQUAL 0)
    set(rev "git ${desc}")
  endif()
endif()
set(text "#define AR_GIT_REVISION \"${rev}\"\n")
if(EXISTS "${OUT}")
  file(READ "${OUT}" old)
endif()
if(NOT "${old}" STREQUAL "${text}")
  file(WRITE "${OUT}" "${text}")
endif()
