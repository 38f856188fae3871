// Every file of this test target sees TodoTxt (FileStamp, TodoTxtDocument, TodoDate) and the
// test support (SeededGenerator, TemporaryFolder), as the files written before the todo.txt
// format had its own target expect. A new test file imports what it uses, as usual.
@_exported import TodoTxt
@_exported import TodosFeatureTestSupport
