# Runs `npm ci` in DIR only when node_modules is missing or older than package-lock.json, so a normal build
# costs a timestamp check. Usage: cmake -DNPM=/usr/bin/npm -DDIR=/path/to/package -P npm_ci.cmake
set(marker "${DIR}/node_modules/.package-lock.json")
if(EXISTS "${marker}" AND NOT "${DIR}/package-lock.json" IS_NEWER_THAN "${marker}")
  return()
endif()
message(STATUS "npm ci in ${DIR}")
execute_process(COMMAND "${NPM}" ci --no-audit --no-fund
                WORKING_DIRECTORY "${DIR}" RESULT_VARIABLE result)
if(NOT result EQUAL 0)
  message(FATAL_ERROR "npm ci failed in ${DIR} (exit ${result}); is the npm registry reachable?")
endif()
# npm ci may keep the lock file's own time; the marker must be newer for the next check.
file(TOUCH "${marker}")
